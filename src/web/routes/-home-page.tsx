import { lazy, Suspense } from 'react';
import { FormSkeleton } from '../features/landing/form-skeleton';
import { LandingPage } from '../features/landing/landing-page';
import { PublicPageLinks } from '../components/public-page-links';
import { embeddedPublicConfig } from '../public-config';
import { useT } from '../i18n/use-t';

/**
 * The contact form (with its inputs and mutation code) loads in its own chunk, started by the first
 * render: it sits at the bottom of the page and the landing page's first bundle has a 150 KB budget.
 */
const ContactForm = lazy(() =>
  import('../features/contact/contact-form').then((module) => ({ default: module.ContactForm })),
);

/**
 * The demo-only instant login (a query, a mutation and toasts) loads in its own chunk too: it shows
 * nothing until the server's public config says demo mode is on, which is only known after load.
 */
const InstantLoginButton = lazy(() =>
  import('../features/auth/instant-login-button').then((module) => ({ default: module.InstantLoginButton })),
);

/**
 * The footer's FAQ and policy links ask the server which pages the seller has published (a query,
 * so their own chunk too); until it answers they are the "coming soon" placeholders, exactly as
 * prerendered.
 */
const PublishedPageLinks = lazy(() =>
  import('../components/published-page-links').then((module) => ({ default: module.PublishedPageLinks })),
);

/**
 * The landing page, with the contact form and the demo-only instant login composed in (features do
 * not import each other). The button renders nothing unless the server says demo mode is on.
 */
export function HomePage() {
  // The configured price, from the page's data block as the server formatted it: the same texts it
  // wrote into the prerendered HTML (withAdvertisedPrice), so hydration matches without this page
  // setting up the browser's number formatting (decision 0310). The default's while prerendering.
  const config = embeddedPublicConfig();
  const { t } = useT();
  return (
    <LandingPage
      price={config?.advertisedPrice}
      contactForm={
        <Suspense fallback={<FormSkeleton fields={4} tall label={t('landing.contact.formLoading')} />}>
          <ContactForm />
        </Suspense>
      }
      footerActions={
        <Suspense fallback={null}>
          <InstantLoginButton />
        </Suspense>
      }
      footerPageLinks={(classNames) => (
        <Suspense fallback={<PublicPageLinks published={undefined} classNames={classNames} />}>
          <PublishedPageLinks classNames={classNames} />
        </Suspense>
      )}
    />
  );
}
