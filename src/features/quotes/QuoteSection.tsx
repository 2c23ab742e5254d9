import { Button, Heading, HStack, Input, NativeSelect, Portal, Spinner, Stack, Text } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useEffect, useMemo, useState } from 'react'
import { fromPromise } from 'xstate'
import { toaster } from '@/components/ui/toaster'
import { fromAbortable } from '@/lib/abortable-actor'
import type { DesignImagesApi } from './api/design-images-api'
import type { QuotesApi } from './api/quotes-api'
import type { RatesApi } from './api/rates-api'
import { DesignImages } from './DesignImages'
import { SharedQuoteLink } from './SharedQuoteLink'
import { lineKinds, type LineKind } from './quote-line-form'
import { pricedOf, quoteBuilderMachine, type QuotesAfter } from './quote-builder.machine'
import { quoteLink, quoteWhatsAppUrl } from './quote-share-message'
import { problemText, quoteTexts } from './quote-texts'
import { QuoteLineEditor } from './QuoteLineEditor'
import { QuotePrint } from './QuotePrint'
import { QuoteTotals } from './QuoteTotals'
import { QuoteVersions } from './QuoteVersions'
import type { PricedQuote, Quote, SharedQuote, TodaysRate } from './quote.schema'

/** What a lead's Quote section asks the backend through. */
export interface QuoteSectionApi {
  quotes: Pick<QuotesApi, 'fetchQuotes' | 'priceQuote' | 'createQuote' | 'updateQuote' | 'reviseQuote' | 'shareQuote'>
  rates: Pick<RatesApi, 'fetchTodaysRates'>
  designImages: DesignImagesApi
}

interface QuoteSectionProps {
  lead: { id: string; name: string; phone: string; language: string | null }
  api: QuoteSectionApi
  touch: boolean
}

interface Printed {
  version: number | null
  validUntil: string
  createdAt: string
  priced: PricedQuote
}

function withQuotes<T>(api: QuoteSectionApi, leadId: string, result: Promise<T>): Promise<QuotesAfter<T>> {
  return result.then(async (value) => ({ result: value, quotes: await api.quotes.fetchQuotes(leadId, new AbortController().signal) }))
}

/**
 * A lead's quote: the draft's lines priced by the database as they are typed, Save, the versions with
 * Revise and Share, the link shown once with WhatsApp, design images and Print.
 */
export function QuoteSection({ lead, api, touch }: QuoteSectionProps) {
  const machine = useMemo(
    () =>
      quoteBuilderMachine.provide({
        actors: {
          loadQuotes: fromAbortable<{ quotes: Quote[]; rates: TodaysRate[] }, { leadId: string }>(async ({ leadId }, signal) => {
            const [quotes, rates] = await Promise.all([api.quotes.fetchQuotes(leadId, signal), api.rates.fetchTodaysRates(signal)])
            return { quotes, rates }
          }),
          priceDraft: fromAbortable((draft, signal) => api.quotes.priceQuote(draft, signal)),
          saveDraft: fromPromise(({ input }) =>
            withQuotes(api, input.leadId, input.quoteId ? api.quotes.updateQuote(input.quoteId, input.draft, input.validUntil) : api.quotes.createQuote(input.leadId, input.draft, input.validUntil)),
          ),
          reviseQuote: fromPromise(({ input }) => withQuotes(api, input.leadId, api.quotes.reviseQuote(input.quoteId))),
          shareQuote: fromPromise<QuotesAfter<SharedQuote>, { leadId: string; quoteId: string }>(({ input }) => withQuotes(api, input.leadId, api.quotes.shareQuote(input.quoteId))),
        },
        actions: { notifySaved: () => toaster.create({ title: quoteTexts.saved, type: 'success' }) },
      }),
    [api],
  )
  const [snapshot, send] = useMachine(machine, { input: { leadId: lead.id } })
  const { quotes, rates, draft, priced, dirty, problem, shared } = snapshot.context
  const [printed, setPrinted] = useState<Printed | null>(null)
  useEffect(() => {
    if (printed) window.print()
  }, [printed])
  const [kind, setKind] = useState<LineKind>('metal')
  const busy = (['saving', 'revising', 'sharing'] as const).some((state) => snapshot.matches({ ready: state }))
  const pricing = snapshot.matches({ ready: 'pricing' }) || snapshot.matches({ ready: 'waiting' })
  const size = touch ? 'lg' : 'sm'
  const link = shared ? quoteLink(shared.token) : null

  if (snapshot.matches('loading')) {
    return (
      <HStack>
        <Spinner size="sm" />
        <Text>{quoteTexts.loading}</Text>
      </HStack>
    )
  }
  return (
    <Stack gap="3" as="section" aria-labelledby={`quote-${lead.id}`}>
      <Heading as="h3" size="sm" id={`quote-${lead.id}`}>
        {quoteTexts.title}
      </Heading>
      {snapshot.matches('failed') && (
        <HStack>
          <Text color="fg.error">{quoteTexts.loadFailed}</Text>
          <Button size={size} variant="outline" onClick={() => send({ type: 'retry' })}>
            {quoteTexts.retry}
          </Button>
        </HStack>
      )}
      {link && shared && <SharedQuoteLink link={link} whatsAppUrl={quoteWhatsAppUrl({ ...lead, language: shared.language ?? lead.language }, link)} touch={touch} />}
      {snapshot.matches('ready') && draft === null && quotes.length === 0 && (
        <Button size={size} alignSelf="start" onClick={() => send({ type: 'draft.start' })}>
          {quoteTexts.newQuote}
        </Button>
      )}
      {draft && (
        <Stack gap="2" role="form" aria-label={draft.quoteId ? quoteTexts.status.draft : quoteTexts.newQuote}>
          {draft.lines.map((line, index) => (
            <QuoteLineEditor
              key={index}
              index={index}
              line={line}
              rates={rates}
              amountPaise={priced?.lines[index]?.amount_paise}
              onChange={(changed) => send({ type: 'line.change', index, line: changed })}
              onRemove={() => send({ type: 'line.remove', index })}
              touch={touch}
            />
          ))}
          <HStack wrap="wrap">
            <NativeSelect.Root size={size} width="auto">
              <NativeSelect.Field aria-label="Line kind" value={kind} onChange={(event) => setKind(event.target.value as LineKind)}>
                {lineKinds.map((value) => (
                  <option key={value} value={value}>
                    {quoteTexts.lineKinds[value]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Button size={size} variant="outline" onClick={() => send({ type: 'line.add', kind })}>
              {quoteTexts.addLine}
            </Button>
          </HStack>
          {problem && (
            <Text color="fg.error" role="alert">
              {problem.code === 'unreadable' ? quoteTexts.unreadable : problem.code === 'too_many_lines' ? problemText({ code: 'too_many_lines' }) : problemText(problem.error)}
            </Text>
          )}
          {pricing && <Text fontSize="sm" color="fg.muted">{quoteTexts.pricing}</Text>}
          {priced && <QuoteTotals priced={priced} />}
          <HStack wrap="wrap">
            <Text fontSize="sm">{quoteTexts.validUntil}</Text>
            <Input type="date" size={size} width="auto" aria-label={quoteTexts.validUntil} value={draft.validUntil} onChange={(event) => send({ type: 'validUntil.change', date: event.target.value })} />
          </HStack>
          <HStack wrap="wrap">
            <Button size={size} disabled={busy} onClick={() => send({ type: 'save' })}>
              {quoteTexts.save}
            </Button>
            {draft.quoteId && (
              <Button size={size} colorPalette="blue" disabled={busy || dirty} onClick={() => send({ type: 'share', quoteId: draft.quoteId! })}>
                {quoteTexts.share}
              </Button>
            )}
            {priced && (
              <Button
                size={size}
                variant="outline"
                onClick={() => setPrinted({ version: quotes.find((quote) => quote.id === draft.quoteId)?.version ?? null, validUntil: draft.validUntil, createdAt: new Date().toISOString(), priced })}
              >
                {quoteTexts.print}
              </Button>
            )}
          </HStack>
          {draft.quoteId && dirty && <Text fontSize="sm" color="fg.muted">{quoteTexts.saveBeforeSharing}</Text>}
          {draft.quoteId && <DesignImages key={draft.quoteId} quoteId={draft.quoteId} api={api.designImages} touch={touch} />}
        </Stack>
      )}
      {!draft && problem && (
        <Text color="fg.error" role="alert">
          {problemText(problem.error)}
        </Text>
      )}
      {quotes.length > 0 && (
        <QuoteVersions
          quotes={quotes}
          touch={touch}
          busy={busy}
          onRevise={(quoteId) => send({ type: 'revise', quoteId })}
          onShare={(quoteId) => send({ type: 'share', quoteId })}
          onPrint={(quote) => setPrinted({ version: quote.version, validUntil: quote.valid_until, createdAt: quote.created_at, priced: pricedOf(quote) })}
        />
      )}
      {printed && (
        <Portal>
          <QuotePrint customerName={lead.name} {...printed} />
        </Portal>
      )}
    </Stack>
  )
}
