import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { InstantLoginButton } from '../features/auth/instant-login-button';
import { FormSkeleton } from '../features/landing/form-skeleton';
import { LandingPage } from '../features/landing/landing-page';

export const Route = createFileRoute('/')({
  component: HomePage,
});

/**
 * The contact form (with its inputs and mutation code) loads in its own chunk, started by the first
 * render: it sits at the bottom of the page and the landing page's first bundle has a 150 KB budget.
 */
const ContactForm = lazy(() => import('../features/contact/contact-form').then((module) => ({ default: module.ContactForm })));

/**
 * The landing page, with the contact form and the demo-only instant login composed in (features do
 * not import each other). The button renders nothing unless the server says demo mode is on.
 */
function HomePage() {
  return (
    <LandingPage
      contactForm={
        <Suspense fallback={<FormSkeleton fields={4} tall label="Loading the contact form" />}>
          <ContactForm />
        </Suspense>
      }
      footerActions={<InstantLoginButton />}
    />
  );
}
