import { Box, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { useVirtualRows } from './use-virtual-rows'

interface PagedCardListProps {
  title: string
  /** Shown beside the title, such as a retry button. */
  action?: ReactNode
  /** Search and filters: they stay at the top of the screen with the title while the cards scroll. */
  controls: ReactNode
  emptyText: string
  empty: boolean
  rowCount: number
  estimatedCardHeight: number
  /** Hears the first and last card in view whenever they change, to load what they need. */
  onVisibleRowsChange: (first: number, last: number) => void
  /** The card at an index, or null while its page is on its way. */
  renderCard: (index: number) => ReactNode
  /** Changes when another query's rows replace the shown ones: the list then starts at its top. */
  resetKey: string | null
  busy: boolean
  testId: string
}

/** The list's distance from the top of the page, against which the window's scroll is measured. */
function pageTop(element: HTMLElement | null): number {
  return element ? Math.round(element.getBoundingClientRect().top + window.scrollY) : 0
}

/**
 * A database-paged list as cards scrolling with the page (a phone's table): only the cards near the
 * view are in the DOM, and the pages they need load as they come into view.
 */
export function PagedCardList(props: PagedCardListProps) {
  const { title, action, controls, emptyText, empty, rowCount, estimatedCardHeight, onVisibleRowsChange, renderCard, resetKey, busy, testId } = props
  const topRef = useRef<HTMLDivElement>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    const measure = () => setScrollMargin(pageTop(listRef.current))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])
  useEffect(() => {
    if (topRef.current && topRef.current.getBoundingClientRect().top < 0) topRef.current.scrollIntoView()
  }, [resetKey])
  const virtualizer = useWindowVirtualizer({
    count: empty ? 0 : rowCount,
    estimateSize: () => estimatedCardHeight,
    overscan: 4,
    scrollMargin,
  })
  const { items, spaceBefore, spaceAfter } = useVirtualRows(virtualizer, onVisibleRowsChange)

  return (
    <Box ref={topRef} as="section" aria-label={title}>
      <Stack position="sticky" top="0" zIndex="sticky" bg="bg" gap="2" pt="2" pb="3" mb="3" borderBottomWidth="1px">
        {controls}
        <HStack justify="space-between" minH="11">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {action}
        </HStack>
      </Stack>
      <Box ref={listRef} data-testid={testId} aria-busy={busy}>
        {empty ? (
          <Text textAlign="center" py="8" color="fg.muted">
            {emptyText}
          </Text>
        ) : (
          <>
            {spaceBefore > 0 && <Box height={`${spaceBefore}px`} aria-hidden />}
            {items.map((item) => (
              <Box key={item.index} data-index={item.index} ref={virtualizer.measureElement} pb="3">
                {renderCard(item.index) ?? <PlaceholderCard height={estimatedCardHeight} />}
              </Box>
            ))}
            {spaceAfter > 0 && <Box height={`${spaceAfter}px`} aria-hidden />}
          </>
        )}
      </Box>
    </Box>
  )
}

/** A card whose data has not arrived yet. */
function PlaceholderCard({ height }: { height: number }) {
  return (
    <Box borderWidth="1px" rounded="md" p="4" height={`${height - 12}px`} aria-busy="true" data-testid="placeholder-card">
      <Skeleton height="4" width="60%" />
    </Box>
  )
}
