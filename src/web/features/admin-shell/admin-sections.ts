import {
  IconBook,
  IconCertificate,
  IconChartBar,
  IconFileTypePdf,
  IconHeartHandshake,
  IconMail,
  IconMailForward,
  type IconProps,
  IconReceipt,
  IconSettings,
} from '@tabler/icons-react';
import type { LinkProps } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { UnreadMessagesBadge } from '../admin-messages/unread-badge';

export interface AdminSection {
  /** The section's page; `/admin` itself is the frameworks page (docs/product.md#admin-screen). */
  to: NonNullable<LinkProps['to']>;
  label: string;
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
  { to: '/admin/overview', label: 'Overview', icon: IconChartBar },
  { to: '/admin/orders', label: 'Orders', icon: IconReceipt },
  { to: '/admin/couples', label: 'Couples', icon: IconHeartHandshake },
  { to: '/admin/messages', label: 'Messages', icon: IconMail, Badge: UnreadMessagesBadge },
  { to: '/admin/outbox', label: 'Email', icon: IconMailForward },
  { to: '/admin', label: 'Frameworks', icon: IconFileTypePdf, exact: true },
  { to: '/admin/content', label: 'Course content', icon: IconBook },
  { to: '/admin/certificates', label: 'Certificates', icon: IconCertificate },
  { to: '/admin/settings', label: 'Settings', icon: IconSettings },
];
