import { Anchor, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconBook, IconCalendar, IconChartLine, IconCheck, IconClock, IconHeart, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { DEFAULT_CURRENCY, PRICE_CENTS, TOTAL_WEEKS } from '../../../shared/constants';
import { type AdvertisedPrice, advertisedPrice, capitalized } from '../../../shared/money';
import { MAIN_CONTENT_ID, PRODUCT_NAME } from '../../components/product';
import {
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
import { HelpLink } from '../../components/help-link';
import classes from './landing.module.css';
import { FormSkeleton } from './form-skeleton';
import { handleSectionClick, sectionHeadingId } from './scroll-to-section';
import { useT } from '../../i18n/use-t';

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
  const { t } = useT();
  return (
    <section className={classes.hero} aria-labelledby="hero-heading">
      <Container size="lg">
        <div className={classes.heroGrid}>
          <Stack gap="lg" align="flex-start">
            <Text component="p" className={classes.heroTag}>
              <IconHeart size={16} aria-hidden="true" />
              {t('landing.hero.tag')}
            </Text>
            <Title order={1} id="hero-heading" className={classes.heroTitle}>
              {t('landing.hero.title')}
            </Title>
            <Text size="xl" className={classes.heroLead}>
              {t('landing.hero.lead', { weeks: TOTAL_WEEKS })}
            </Text>
            <Group gap="sm">
              <Button component="a" href="#pricing" size="lg" onClick={handleSectionClick('pricing')}>
                {t('landing.hero.cta')}
              </Button>
              <Button component="a" href="#course" size="lg" variant="default" onClick={handleSectionClick('course')}>
                {t('landing.hero.learnMore')}
              </Button>
              <Button component="a" href="/gift" size="lg" variant="subtle">
                {t('common.gift.give')}
              </Button>
            </Group>
            <IconList
              className={classes.heroPoints}
              icon={<IconCheck size={18} aria-hidden="true" className={classes.checkIcon} />}
              items={[
                t('landing.hero.pointPrice', { price: price.price, perWeek: price.perWeek }),
                t('landing.hero.pointTime'),
                t('landing.hero.pointGuarantee'),
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
  const { t } = useT();
  return (
    <LandingSection
      id="course"
      eyebrow={t('landing.course.eyebrow')}
      title={t('landing.course.title')}
      intro={t('landing.course.intro')}
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
                {t(feature.title)}
              </Title>
              <Text c="dimmed">{t(feature.text)}</Text>
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
              {t('landing.course.audienceTitle')}
            </Title>
            <Text>{t('landing.course.audience')}</Text>
          </div>
        </Group>
      </div>
    </LandingSection>
  );
}

function Curriculum() {
  const { t } = useT();
  return (
    <LandingSection
      id="curriculum"
      tinted
      eyebrow={t('landing.curriculum.eyebrow')}
      title={t('landing.curriculum.title')}
      intro={t('landing.curriculum.intro')}
    >
      <div className={classes.grid2}>
        {CURRICULUM.map((phase, index) => (
          <article key={phase.name} className={classes.card} aria-labelledby={`phase-${index + 1}`}>
            <Group justify="space-between" align="center" mb="xs" gap="xs">
              <span className={classes.weeksBadge}>
                <IconCalendar size={14} aria-hidden="true" />
                {t('landing.curriculum.weeks', { first: phase.firstWeek, last: phase.lastWeek })}
              </span>
              <Text size="sm" c="dimmed">
                {t('landing.curriculum.phaseOf', { number: index + 1, total: CURRICULUM.length })}
              </Text>
            </Group>
            <Title order={3} id={`phase-${index + 1}`} mb={4}>
              {t(phase.name)}
            </Title>
            <Text c="dimmed" mb="md">
              {t(phase.summary)}
            </Text>
            <IconList
              icon={<IconHeart size={16} aria-hidden="true" className={classes.topicIcon} />}
              items={phase.topics.map((topic) => t(topic))}
            />
          </article>
        ))}
      </div>
    </LandingSection>
  );
}

function Testimonials() {
  const { t } = useT();
  return (
    <LandingSection
      id="testimonials"
      eyebrow={t('landing.testimonials.eyebrow')}
      title={t('landing.testimonials.title')}
    >
      <div className={classes.grid2}>
        {TESTIMONIALS.map((testimonial) => (
          <figure key={testimonial.name} className={`${classes.card} ${classes.testimonial}`}>
            <StarRating
              rating={testimonial.rating}
              label={t('landing.testimonials.rated', { rating: testimonial.rating })}
            />
            <Text component="blockquote" m={0} mt="sm" size="lg" className={classes.quote}>
              “{t(testimonial.text)}”
            </Text>
            <Text component="figcaption" mt="md">
              <Text span fw={700}>
                {testimonial.name}
              </Text>
              <Text span c="dimmed">
                {' · '}
                {t(testimonial.status)}
              </Text>
            </Text>
          </figure>
        ))}
      </div>
    </LandingSection>
  );
}

function Pricing({ price }: { price: AdvertisedPrice }) {
  const { t } = useT();
  return (
    <LandingSection
      id="pricing"
      tinted
      eyebrow={t('landing.pricing.eyebrow')}
      title={t('landing.pricing.title')}
      intro={t('landing.pricing.intro')}
    >
      <div className={classes.priceCard}>
        <div className={classes.priceSummary}>
          <Text fw={700} tt="uppercase" size="sm" className={classes.eyebrowOnDark}>
            {t('landing.pricing.product')}
          </Text>
          <Group gap={6} align="baseline" mt="xs">
            <Text component="span" className={classes.price}>
              {price.price}
            </Text>
            <Text component="span" size="lg">
              {t('landing.pricing.oneTime')}
            </Text>
          </Group>
          <Text mt={4} fw={600}>
            {t('landing.pricing.perWeek', { perWeek: capitalized(price.perWeek) })}
          </Text>
          <IconList
            className={classes.pricePoints}
            icon={<IconCheck size={18} aria-hidden="true" />}
            items={PRICING_POINTS.map((point) => t(point))}
          />
        </div>
        <div className={classes.priceForm}>
          <Title order={3} size="h4" mb={4}>
            {t('landing.pricing.formTitle')}
          </Title>
          <Text c="dimmed" size="sm" mb="md">
            {t('landing.pricing.formIntro')}
          </Text>
          <Suspense fallback={<FormSkeleton fields={3} label={t('landing.pricing.formLoading')} />}>
            <PricingForm />
          </Suspense>
          <Text size="sm" mt="md">
            {t('common.gift.forCouple')} <a href="/gift">{t('common.gift.give')}</a>
          </Text>
        </div>
      </div>
    </LandingSection>
  );
}

function Contact({ contactForm }: { contactForm: ReactNode }) {
  const { t } = useT();
  return (
    <LandingSection
      id="contact"
      eyebrow={t('landing.contact.eyebrow')}
      title={t('landing.contact.title')}
      intro={t('landing.contact.intro')}
    >
      <div className={classes.contactGrid}>
        <div className={`${classes.card} ${classes.contactCard}`}>{contactForm}</div>
        <div>
          <Title order={3} size="h4" mb="sm">
            {t('landing.faq.title')}
          </Title>
          <Stack gap="sm">
            {FAQ.map((item) => (
              <details key={item.question} className={classes.faqItem}>
                <summary className={classes.faqQuestion}>{t(item.question)}</summary>
                <Text className={classes.faqAnswer}>{t(item.answer)}</Text>
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
  const { t } = useT();
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
              {t('landing.footer.tagline')}
            </Text>
          </Stack>
          <nav aria-label={t('common.footer.nav')}>
            <ul className={footerLinks.list}>
              <HelpLink className={footerLinks.link} />
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
                        title={t('common.footer.comingSoon')}
                      >
                        {t(label)}
                        <span className={footerLinks.visuallyHidden}>{t('common.footer.comingSoonHidden')}</span>
                      </button>
                    </li>
                  ))}
              <li>
                {/* The administrator's own sign-in: /admin would send a signed-out visitor to the couples' /login. */}
                <Anchor component={Link} to="/admin-login" size="sm" className={footerLinks.link}>
                  {t('common.footer.admin')}
                </Anchor>
              </li>
            </ul>
          </nav>
          {footerActions ? <div className={classes.footerActions}>{footerActions}</div> : null}
        </div>
        <Text size="xs" c="dimmed" mt="lg">
          {t('landing.footer.madeWithCare', { product: PRODUCT_NAME })}
        </Text>
      </Container>
    </footer>
  );
}
