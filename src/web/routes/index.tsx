import { createFileRoute } from '@tanstack/react-router';
import { ContactForm } from '../features/contact/contact-form';
import { LandingPage } from '../features/landing/landing-page';

export const Route = createFileRoute('/')({
  component: HomePage,
});

/** The landing page, with the contact form composed in (features do not import each other). */
function HomePage() {
  return <LandingPage contactForm={<ContactForm />} />;
}
