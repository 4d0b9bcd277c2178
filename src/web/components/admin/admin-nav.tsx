import { NavLink } from '@mantine/core';
import { Link, useMatchRoute } from '@tanstack/react-router';
import { useT } from '../../i18n/use-t';
import classes from './admin-shell.module.css';
import { ADMIN_SECTIONS } from './admin-sections';

/**
 * The back office's navigation: a row that wraps onto more lines on a phone, a column beside the page
 * from 62em up. The current section is marked for assistive technology with aria-current.
 */
export function AdminNav() {
  const matchRoute = useMatchRoute();
  const { t } = useT();
  return (
    <nav aria-label={t('admin.shell.sections')}>
      <ul className={classes.nav}>
        {ADMIN_SECTIONS.map(({ to, label, icon: Icon, exact, Badge }) => {
          const active = Boolean(matchRoute({ to, fuzzy: !exact }));
          return (
            <li key={to} className={classes.navItem}>
              <NavLink
                component={Link}
                to={to}
                // The router's own active state (its aria-current and data-status) agrees with ours:
                // by default it takes /admin, the frameworks page, as active on every section.
                activeOptions={{ exact: exact ?? false }}
                label={t(label)}
                active={active}
                aria-current={active ? 'page' : undefined}
                leftSection={<Icon size={18} aria-hidden="true" />}
                rightSection={Badge ? <Badge /> : null}
                variant="light"
              />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
