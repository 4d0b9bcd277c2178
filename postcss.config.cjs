// Mantine's PostCSS setup (as in Mantine's Vite template): rem/em helpers, light/dark mixins and
// the breakpoint variables usable in CSS modules as $mantine-breakpoint-sm etc.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    },
  },
};
