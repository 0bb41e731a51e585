import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const config = defineConfig({
  globalCss: {
    // The dark class sits on <body> (spec), so body paints the page, and the palette variables html
    // declares are declared again here, where the dark tokens apply.
    body: { bg: 'bg', color: 'fg', colorPalette: 'gray', minHeight: '100dvh' },
    'body.dark': { colorScheme: 'dark' },
    'html:has(> body.dark)': { bg: 'black' },
  },
});

export const system = createSystem(defaultConfig, config);
