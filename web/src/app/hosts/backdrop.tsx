import { Box } from '@chakra-ui/react';
import { useUiState } from '../../lib/ui-store.ts';

/** The shared backdrop, dimming the page at the opacity asked for. */
export function AppBackdrop() {
  const show = useUiState((s) => s.showBackdrop);
  const opacity = useUiState((s) => s.backDropOpacity);
  if (!show) return null;
  return <Box position="fixed" inset="0" zIndex="overlay" bg="black" opacity={opacity} aria-hidden />;
}
