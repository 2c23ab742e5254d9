import { useBreakpointValue } from '@chakra-ui/react'

/**
 * Whether the screen is narrower than a tablet (Chakra's md breakpoint, 768 px): every phone layout
 * (cards for tables, sheets for dialogs, compact stats) is chosen by this one answer. Read from the
 * media query on the first render, so a desktop never draws the phone layout first.
 */
export function usePhoneLayout(): boolean {
  return useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false
}
