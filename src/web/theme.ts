import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { translate } from './i18n/i18n';
import classes from './theme.module.css';

/**
 * The one Mantine theme of the app: a warm plum primary on white, calm and readable.
 *
 * Contrast (WCAG 2.x, measured with the relative-luminance formula):
 * - plum 7 #9a4576 (filled buttons, links, outlines) vs white: 6.02:1
 * - plum 8 #823a64 (filled hover) vs white: 7.67:1
 * - plum 9 #692c50 (light-variant text) on plum 1 #f3e1ea: 8.07:1, on plum 2: 6.20:1
 * - red 7 #c22525 vs white: 5.86:1; green 7 #237a35 vs white: 5.38:1
 * - dimmed text (gray 7 #495057) vs white: 8.18:1 (Mantine's default gray 6 is 3.32:1); on the
 *   tinted backgrounds the pages use: gray 0 7.76, gray 1 7.35, plum 0 7.45, plum 1 6.53
 * - toast descriptions: Mantine paints a titled toast's description gray 6 (3.32:1 on the toast's
 *   white), not the dimmed variable, so the Notification styles below set it to dimmed (8.18:1)
 * - input placeholders: Mantine's gray 5 (2.07:1) becomes dimmed too (8.18:1)
 * - control boundaries (radio rings, checkbox squares, text fields, switches that are off): gray 4,
 *   deepened to #737b83, 4.29:1 on white and 3.43:1 on plum 1 (WCAG 1.4.11 asks 3:1; Mantine's is 1.49:1)
 * All pass AA (4.5:1 for text, 3:1 for a control's boundary); theme.test.ts recomputes them. Mantine uses the same shade index (`primaryShade`) for every
 * colour's filled variant, so red and green are deepened too: Mantine's stock red 7 (3.84:1) and
 * green 7 (2.75:1) would fail with white text on delete buttons and "completed" badges.
 */
const plum: MantineColorsTuple = [
  '#fbf2f6',
  '#f3e1ea',
  '#e7c0d3',
  '#da9dba',
  '#cf7fa5',
  '#c56b97',
  '#b4588a',
  '#9a4576',
  '#823a64',
  '#692c50',
];

const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#fa5252',
  '#d92a2a',
  '#c22525',
  '#a61e1e',
  '#861818',
];

const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#40c057',
  '#2f9e44',
  '#237a35',
  '#1d6a2d',
  '#175524',
];

/**
 * Mantine's greys with shade 4 deepened (WCAG 1.4.11, 3:1 for what identifies a control; decision
 * 0362). Mantine draws the resting boundary of its controls in gray 4: the radio's ring, the
 * checkbox's square, text fields, selects and text areas, pagination buttons, the upload dropzone
 * and default buttons. Its stock #ced4da is 1.49:1 on white; #737b83 is 4.29:1 on white and 3.43:1
 * on plum 1, the darkest tint the pages use (theme.test.ts reads each control's border from
 * Mantine's own stylesheets and recomputes them). So shade 4 is darker than 5 and 6: in the light
 * scheme Mantine uses it for nothing but these boundaries, and neither does the app.
 */
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#737b83',
  '#adb5bd',
  '#868e96',
  '#495057',
  '#343a40',
  '#212529',
];

const systemSans =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';
const systemSerif = '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, serif';

function closeButtonLabel() {
  return { 'aria-label': translate('common.dialog.close') };
}

export const theme = createTheme({
  primaryColor: 'plum',
  primaryShade: { light: 7, dark: 8 },
  colors: { plum, red, green, gray },
  fontFamily: systemSans,
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontFamily: systemSerif, fontWeight: '600' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  respectReducedMotion: true,
  components: {
    // Links inside text must not rely on colour alone (WCAG 1.4.1, axe link-in-text-block).
    Anchor: { defaultProps: { underline: 'always' } },
    // A long label wraps instead of widening the page past a 320 px screen (reflow, WCAG 1.4.10).
    Button: { classNames: { root: classes.button, label: classes.buttonLabel } },
    // A badge's word is never cut to "COMP…" when the text is spaced out (WCAG 1.4.12) or its column
    // is narrow: it wraps instead, see theme.module.css.
    Badge: { classNames: { root: classes.badge, label: classes.badgeLabel } },
    // A navigation link's label breaks a long word instead of hiding its end behind an ellipsis when
    // its badges leave it little room (WCAG 1.4.12, the content editor's week list).
    NavLink: { classNames: { body: classes.navLinkBody } },
    // A plain object, not Notification.extend(): the theme is in the first bundle, the toasts are not.
    // Every Input-based field (text, textarea, select, password...): a 2 px focus ring, see theme.module.css.
    Input: { classNames: { input: classes.input } },
    // A heading the app moves the focus to (tabindex -1) shows the same 2 px ring as the controls.
    Title: { classNames: { root: classes.focusedHeading } },
    // A switch that is off is its light track alone (gray 3, 1.30:1 on white): the track takes the
    // controls' boundary grey instead (gray 4, above; WCAG 1.4.11), see theme.module.css.
    Switch: { classNames: { input: classes.switchInput, track: classes.switchTrack } },
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
    // Mantine draws the chosen segment as a white pill on a gray 1 track (1.1:1; WCAG 1.4.11 asks
    // 3:1): the primary colour fills it instead, its label white (plum 7 on gray 1: 5.5:1).
    SegmentedControl: { defaultProps: { color: 'plum' } },
    // Its up/down buttons are 24 x 17 px, touching each other (WCAG 2.2, 2.5.8): without them the
    // number is typed, or stepped with the arrow keys as before.
    // clampBehavior 'none': a number stays as typed. Mantine's default moved an out-of-range number
    // into min..max when the field lost focus (150 % became 100 %, 0 seats became 1), and the form
    // saved a value nobody typed; each form's check refuses it with a message instead. For the same
    // reason no field sets allowNegative or allowDecimal to false: "-5" and "2.5" stay as typed and
    // are refused, not turned into 5 and 25.
    NumberInput: { defaultProps: { hideControls: true, clampBehavior: 'none' } },
    // Every dialog's X button is named "Close" / "Cerrar" (WCAG 4.1.2; Mantine gives it no name), in
    // a dialog's header and as Modal.CloseButton alike. A function, called on each render, so the
    // name follows the page's language. A dialog that names it more precisely passes its own
    // (closeButtonProps, "Close without deleting").
    ModalCloseButton: { defaultProps: closeButtonLabel },
    DrawerCloseButton: { defaultProps: closeButtonLabel },
    // A dialog's header is a div, not Mantine's <header>: outside the page's sections a <header> is
    // a second banner landmark, which confuses screen readers (axe landmark-no-duplicate-banner).
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});

/**
 * Accessible replacements for Mantine's light-scheme secondary text colours: dimmed (gray 6) and
 * input placeholders (gray 5) fail AA on white.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
