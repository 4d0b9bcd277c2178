import { CertificatePanel } from '../features/certificates/certificate-panel';
import { CourseTimeTracker } from '../features/certificates/course-time-tracker';
import { LanguageFallbackNotice } from '../features/course-language/language-fallback-notice';
import type { WorkbookSlotProps } from '../features/dashboard/dashboard-screen';
import { MentorLinkCard } from '../features/mentor/mentor-link-card';
import { notify } from '../components/notifications';
import { accountDeletedText, accountDeletedTitle, OurDataSection } from '../features/our-data/our-data-section';
import { KeepsakeDownload } from '../features/our-data/keepsake-download';
import { PartnerSignIns } from '../features/partners/partner-sign-ins';
import { PushNotifications } from '../features/push/push-notifications';
import { WorkbookPanel } from '../features/workbook/workbook-panel';

/*
 * What the dashboard's other tabs show from the other features: the Current, Wins and Profile tabs'
 * content. The route loads this module when one of them is first shown (decision 0375), so a
 * couple's first screen, the Progress tab, does not wait for their code.
 */

export function WorkbookSlot(props: WorkbookSlotProps) {
  return (
    <WorkbookPanel
      {...props}
      renderFallbackNotice={(fallback) => <LanguageFallbackNotice fallback={fallback} />}
      after={<CourseTimeTracker weekNumber={props.weekNumber} partnerNames={props.partnerNames} />}
    />
  );
}

export function WinsExtra() {
  return (
    <>
      <KeepsakeDownload />
      <CertificatePanel />
    </>
  );
}

/** The couple's data (download, delete); once the account is deleted, says so and hands over to `onDeleted`. */
export function ProfileExtra({ onDeleted }: { onDeleted: () => Promise<void> }) {
  return (
    <OurDataSection
      onDeleted={async () => {
        notify.success(accountDeletedTitle(), accountDeletedText());
        await onDeleted();
      }}
    />
  );
}

export function ProfileSettings() {
  return (
    <>
      <PushNotifications />
      <PartnerSignIns />
      <MentorLinkCard />
    </>
  );
}
