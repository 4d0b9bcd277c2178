import { Anchor, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconBook, IconCalendar, IconChartLine, IconCheck, IconClock, IconHeart, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { DEFAULT_CURRENCY, PRICE_CENTS, TOTAL_WEEKS } from '../../../shared/constants';
import { advertisedPrice, capitalized } from '../../../shared/money';
import { MAIN_CONTENT_ID, PRODUCT_NAME } from '../../components/product';
import {
  AUDIENCE,
  COURSE_FEATURES,
  CURRICULUM,
  FAQ,
  PLACEHOLDER_LINKS,
  PRICING_POINTS,
  TESTIMONIALS,
  type SectionId,
} from './content';
import { BrandMark, HeroIllustration, StarRating } from './illustrations';
import { LandingHeader } from './landing-header';
import footerLinks from '../../components/footer-links.module.css';
import classes from './landing.module.css';
import { FormSkeleton } from './form-skeleton';
import { handleSectionClick, sectionHeadingId } from './scroll-to-section';

export interface LandingPageProps {
  /** The contact form, composed by the route (it belongs to the contact feature). */
  contactForm: ReactNode;
  /** Extra footer actions, e.g. the demo-only instant login, composed by the route. */
  footerActions?: ReactNode;
  /**
   * The footer's FAQ and policy links as list items, styled with the footer's classes, composed by
   * the route (they belong to the site-pages feature); without it, the "coming soon" placeholders.
   */
  footerPageLinks?: (classNames: FooterLinkClasses) => ReactNode;
  /** The configured price as advertised ("$49", "less than $1 a week"); the default's without it. */
  price?: AdvertisedPrice;
}

type AdvertisedPrice = ReturnType<typeof advertisedPrice>;

export interface FooterLinkClasses {
  link: string;
  placeholder: string;
  visuallyHidden: string;
}

const FEATURE_ICONS = [IconBook, IconUsers, IconClock, IconChartLine];

/**
 * The pricing form (with Mantine's inputs) loads in its own chunk, started by the first render, so
 * the page's first bundle carries only what is needed to show the page (the 150 KB budget).
 */
const PricingForm = lazy(() => import('./pricing-form').then((module) => ({ default: module.PricingForm })));

/**
 * The shop window (docs/product.md#what-the-product-does and docs/product.md#landing-page): header,
 * hero, course overview, the 52-week curriculum, testimonials, pricing, contact with FAQ, footer. A
 * pure function of its props (no browser access during render, nothing time-dependent), so its HTML
 * can be prerendered.
 */
export function LandingPage({
  contactForm,
  footerActions,
  footerPageLinks,
  price = advertisedPrice(PRICE_CENTS, DEFAULT_CURRENCY),
}: LandingPageProps) {
  return (
    <div className={classes.page}>
      <LandingHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Hero price={price} />
        <CourseOverview />
        <Curriculum />
        <Testimonials />
        <Pricing price={price} />
        <Contact contactForm={contactForm} />
      </main>
      <LandingFooter footerActions={footerActions} footerPageLinks={footerPageLinks} />
    </div>
  );
}

/** A list whose bullets are an icon: plain markup, the icon hidden from screen readers. */
function IconList({ items, icon, className }: { items: readonly string[]; icon: ReactNode; className?: string }) {
  return (
    <ul className={`${classes.iconList} ${className ?? ''}`}>
      {items.map((item) => (
        <li key={item}>
          <span className={classes.iconListIcon}>{icon}</span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** A landing section: its anchor id, a heading the skip links and the nav point at, and content. */
function LandingSection({
  id,
  tinted = false,
  eyebrow,
  title,
  intro,
  children,
}: {
  id: SectionId;
  tinted?: boolean;
  eyebrow: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      className={tinted ? `${classes.section} ${classes.tinted}` : classes.section}
      aria-labelledby={sectionHeadingId(id)}
    >
      <Container size="lg">
        <Stack gap="xs" align="center" ta="center" maw={720} mx="auto" mb={{ base: 32, sm: 48 }}>
          <Text className={classes.eyebrow}>{eyebrow}</Text>
          <Title order={2} id={sectionHeadingId(id)} tabIndex={-1} className={classes.sectionTitle}>
            {title}
          </Title>
          {intro ? (
            <Text size="lg" c="dimmed">
              {intro}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Container>
    </section>
  );
}

function Hero({ price }: { price: AdvertisedPrice }) {
  return (
    <section className={classes.hero} aria-labelledby="hero-heading">
      <Container size="lg">
        <div className={classes.heroGrid}>
          <Stack gap="lg" align="flex-start">
            <Text component="p" className={classes.heroTag}>
              <IconHeart size={16} aria-hidden="true" />
              For engaged and newly married couples
            </Text>
            <Title order={1} id="hero-heading" className={classes.heroTitle}>
              Prepare for a lifetime together, one week at a time
            </Title>
            <Text size="xl" className={classes.heroLead}>
              {TOTAL_WEEKS} short weekly lessons and a shared workbook that help you talk about the things that matter,
              from everyday listening to money, family and the vows you will keep. One conversation a week, a stronger
              marriage for life.
            </Text>
            <Group gap="sm">
              <Button component="a" href="#pricing" size="lg" onClick={handleSectionClick('pricing')}>
                Get Your Workbook Today
              </Button>
              <Button component="a" href="#course" size="lg" variant="default" onClick={handleSectionClick('course')}>
                Learn More
              </Button>
              <Button component="a" href="/gift" size="lg" variant="subtle">
                Give it as a gift
              </Button>
            </Group>
            <IconList
              className={classes.heroPoints}
              icon={<IconCheck size={18} aria-hidden="true" className={classes.checkIcon} />}
              items={[
                `${price.price} once, yours to keep: ${price.perWeek}`,
                '30 to 60 minutes a week, at your own pace',
                '30-day money-back guarantee',
              ]}
            />
          </Stack>
          <Box className={classes.heroArt} visibleFrom="sm">
            <HeroIllustration />
          </Box>
        </div>
      </Container>
    </section>
  );
}

function CourseOverview() {
  return (
    <LandingSection
      id="course"
      eyebrow="The course"
      title="A year of conversations you will be glad you had"
      intro="Big talks are easier in small steps. Every week brings one theme, a handful of questions for each of you, and one thing to try together."
    >
      <div className={classes.grid4}>
        {COURSE_FEATURES.map((feature, index) => {
          const Icon = FEATURE_ICONS[index] ?? IconBook;
          return (
            <div key={feature.title} className={classes.card}>
              <span className={classes.iconTile} aria-hidden="true">
                <Icon size={24} />
              </span>
              <Title order={3} size="h4" mb="xs">
                {feature.title}
              </Title>
              <Text c="dimmed">{feature.text}</Text>
            </div>
          );
        })}
      </div>
      <div className={classes.audience}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <span className={classes.iconRound} aria-hidden="true">
            <IconUsers size={22} />
          </span>
          <div>
            <Title order={3} size="h4" mb={4}>
              Who it is for
            </Title>
            <Text>{AUDIENCE}</Text>
          </div>
        </Group>
      </div>
    </LandingSection>
  );
}

function Curriculum() {
  return (
    <LandingSection
      id="curriculum"
      tinted
      eyebrow="The curriculum"
      title="52 weeks in four phases"
      intro="Each phase takes thirteen weeks and builds on the one before: first how you talk, then how you trust, then what you plan, then how you keep love growing."
    >
      <div className={classes.grid2}>
        {CURRICULUM.map((phase, index) => (
          <article key={phase.name} className={classes.card} aria-labelledby={`phase-${index + 1}`}>
            <Group justify="space-between" align="center" mb="xs" gap="xs">
              <span className={classes.weeksBadge}>
                <IconCalendar size={14} aria-hidden="true" />
                Weeks {phase.firstWeek}-{phase.lastWeek}
              </span>
              <Text size="sm" c="dimmed">
                Phase {index + 1} of {CURRICULUM.length}
              </Text>
            </Group>
            <Title order={3} id={`phase-${index + 1}`} mb={4}>
              {phase.name}
            </Title>
            <Text c="dimmed" mb="md">
              {phase.summary}
            </Text>
            <IconList
              icon={<IconHeart size={16} aria-hidden="true" className={classes.topicIcon} />}
              items={phase.topics}
            />
          </article>
        ))}
      </div>
    </LandingSection>
  );
}

function Testimonials() {
  return (
    <LandingSection id="testimonials" eyebrow="Reviews" title="What couples say">
      <div className={classes.grid2}>
        {TESTIMONIALS.map((testimonial) => (
          <figure key={testimonial.name} className={`${classes.card} ${classes.testimonial}`}>
            <StarRating rating={testimonial.rating} />
            <Text component="blockquote" m={0} mt="sm" size="lg" className={classes.quote}>
              “{testimonial.text}”
            </Text>
            <Text component="figcaption" mt="md">
              <Text span fw={700}>
                {testimonial.name}
              </Text>
              <Text span c="dimmed">
                {' · '}
                {testimonial.status}
              </Text>
            </Text>
          </figure>
        ))}
      </div>
    </LandingSection>
  );
}

function Pricing({ price }: { price: AdvertisedPrice }) {
  return (
    <LandingSection
      id="pricing"
      tinted
      eyebrow="Pricing"
      title="One price for the whole year"
      intro="No subscription and no upsells: pay once and the whole course is yours."
    >
      <div className={classes.priceCard}>
        <div className={classes.priceSummary}>
          <Text fw={700} tt="uppercase" size="sm" className={classes.eyebrowOnDark}>
            The 52-week workbook
          </Text>
          <Group gap={6} align="baseline" mt="xs">
            <Text component="span" className={classes.price}>
              {price.price}
            </Text>
            <Text component="span" size="lg">
              one-time payment
            </Text>
          </Group>
          <Text mt={4} fw={600}>
            {capitalized(price.perWeek)} for a year of growing together.
          </Text>
          <IconList
            className={classes.pricePoints}
            icon={<IconCheck size={18} aria-hidden="true" />}
            items={PRICING_POINTS}
          />
        </div>
        <div className={classes.priceForm}>
          <Title order={3} size="h4" mb={4}>
            Start your journey
          </Title>
          <Text c="dimmed" size="sm" mb="md">
            Tell us who the workbook is for; you will confirm payment on the next step.
          </Text>
          <Suspense fallback={<FormSkeleton fields={3} label="Loading the order form" />}>
            <PricingForm />
          </Suspense>
          <Text size="sm" mt="md">
            Buying for an engaged couple? <a href="/gift">Give it as a gift</a>
          </Text>
        </div>
      </div>
    </LandingSection>
  );
}

function Contact({ contactForm }: { contactForm: ReactNode }) {
  return (
    <LandingSection
      id="contact"
      eyebrow="Contact"
      title="Questions? We would love to hear from you"
      intro="Write to us about the course, your order or anything else. A real person answers within 24 hours."
    >
      <div className={classes.contactGrid}>
        <div className={`${classes.card} ${classes.contactCard}`}>{contactForm}</div>
        <div>
          <Title order={3} size="h4" mb="sm">
            Frequently asked questions
          </Title>
          <Stack gap="sm">
            {FAQ.map((item) => (
              <details key={item.question} className={classes.faqItem}>
                <summary className={classes.faqQuestion}>{item.question}</summary>
                <Text className={classes.faqAnswer}>{item.answer}</Text>
              </details>
            ))}
          </Stack>
        </div>
      </div>
    </LandingSection>
  );
}

function LandingFooter({
  footerActions,
  footerPageLinks,
}: Pick<LandingPageProps, 'footerActions' | 'footerPageLinks'>) {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <div className={classes.footerGrid}>
          <Stack gap="xs">
            <Group gap="xs" className={classes.footerBrand}>
              <BrandMark size={24} />
              <Text fw={700}>{PRODUCT_NAME}</Text>
            </Group>
            <Text size="sm" c="dimmed" maw={360}>
              A 52-week marriage-preparation course for engaged and newly married couples.
            </Text>
          </Stack>
          <nav aria-label="Footer">
            <ul className={footerLinks.list}>
              {footerPageLinks
                ? footerPageLinks({
                    link: footerLinks.link!,
                    placeholder: footerLinks.placeholder!,
                    visuallyHidden: footerLinks.visuallyHidden!,
                  })
                : PLACEHOLDER_LINKS.map((label) => (
                    <li key={label}>
                      <button
                        type="button"
                        className={footerLinks.placeholder}
                        aria-disabled="true"
                        title="Coming soon"
                      >
                        {label}
                        <span className={footerLinks.visuallyHidden}> (coming soon)</span>
                      </button>
                    </li>
                  ))}
              <li>
                <Anchor component={Link} to="/admin" size="sm" className={footerLinks.link}>
                  Admin
                </Anchor>
              </li>
            </ul>
          </nav>
          {footerActions ? <div className={classes.footerActions}>{footerActions}</div> : null}
        </div>
        <Text size="xs" c="dimmed" mt="lg">
          © {PRODUCT_NAME}. Made with care for couples everywhere.
        </Text>
      </Container>
    </footer>
  );
}
