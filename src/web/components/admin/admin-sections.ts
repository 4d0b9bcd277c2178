import {
  IconBook,
  IconCertificate,
  IconChartBar,
  IconFileTypePdf,
  IconGift,
  IconHeartHandshake,
  IconListCheck,
  IconMail,
  IconMailForward,
  type IconProps,
  IconReceipt,
  IconSettings,
  IconTicket,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { LinkProps } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type { MessageId } from '../../../shared/i18n/locales';
import { UnreadMessagesBadge } from './unread-badge';

export interface AdminSection {
  /** The section's page; `/admin` itself is the frameworks page (docs/product.md#admin-screen). */
  to: NonNullable<LinkProps['to']>;
  /** Its name's message id. */
  label: MessageId;
  icon: ComponentType<IconProps>;
  /** Active only on this exact path (the frameworks page is the parent of every other section). */
  exact?: boolean;
  /** A small count beside the label, e.g. unread messages; renders nothing when there is none. */
  Badge?: ComponentType;
}

/**
 * The back office's sections, in the navigation's order. A section is one route file under
 * src/web/routes/admin.*.tsx plus one line here.
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: '/admin/overview', label: 'admin.nav.overview', icon: IconChartBar },
  { to: '/admin/orders', label: 'admin.nav.orders', icon: IconReceipt },
  { to: '/admin/coupons', label: 'admin-coupons.title', icon: IconTicket },
  { to: '/admin/gifts', label: 'gifts.admin.title', icon: IconGift },
  { to: '/admin/facilitators', label: 'facilitator.admin.title', icon: IconUsersGroup },
  { to: '/admin/couples', label: 'admin.nav.couples', icon: IconHeartHandshake },
  { to: '/admin/messages', label: 'admin.nav.messages', icon: IconMail, Badge: UnreadMessagesBadge },
  { to: '/admin/outbox', label: 'admin.nav.email', icon: IconMailForward },
  { to: '/admin', label: 'admin.nav.frameworks', icon: IconFileTypePdf, exact: true },
  { to: '/admin/content', label: 'admin.nav.content', icon: IconBook },
  { to: '/admin/inventory', label: 'inventory.admin.title', icon: IconListCheck },
  { to: '/admin/certificates', label: 'certificates.admin.title', icon: IconCertificate },
  { to: '/admin/settings', label: 'admin.nav.settings', icon: IconSettings },
];
