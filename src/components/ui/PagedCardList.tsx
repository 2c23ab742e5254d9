import { Box, Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { rowAt } from '@/lib/page-window'
import type { ShownRows } from '@/lib/shown-rows'
import { useVirtualRows } from './use-virtual-rows'

interface PagedCardListProps<TRow> {
  /** What the list holds, for its title: 'Leads' gives 'Leads (12)'. */
  noun: string
  shown: ShownRows<TRow>
  /** Asks again after a failed load; offered beside the title. */
  onRetry: () => void
  /** Search and filters: they stay at the top of the screen with the title while the cards scroll. */
  controls: ReactNode
  emptyText: string
  estimatedCardHeight: number
  /** Hears the first and last card in view whenever they change, to load what they need. */
  onVisibleRowsChange: (first: number, last: number) => void
  /** The card of a row that has arrived. */
  renderCard: (row: TRow) => ReactNode
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
export function PagedCardList<TRow>(props: PagedCardListProps<TRow>) {
  const { noun, shown, onRetry, controls, emptyText, estimatedCardHeight, onVisibleRowsChange, renderCard, testId } = props
  const title = `${noun} (${shown.total ?? '…'})`
  const empty = shown.total === 0
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
  }, [shown.queryKey])
  const virtualizer = useWindowVirtualizer({
    count: empty ? 0 : shown.rowCount,
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
          {shown.failed && (
            <Button size="lg" variant="outline" onClick={onRetry}>
              Retry
            </Button>
          )}
        </HStack>
      </Stack>
      <Box ref={listRef} data-testid={testId} aria-busy={shown.busy}>
        {empty ? (
          <Text textAlign="center" py="8" color="fg.muted">
            {emptyText}
          </Text>
        ) : (
          <>
            {spaceBefore > 0 && <Box height={`${spaceBefore}px`} aria-hidden />}
            {items.map((item) => {
              const row = rowAt(shown.pages, shown.pageSize, item.index)
              return (
                <Box key={item.index} data-index={item.index} ref={virtualizer.measureElement} pb="3">
                  {row === undefined ? <PlaceholderCard height={estimatedCardHeight} /> : renderCard(row)}
                </Box>
              )
            })}
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
