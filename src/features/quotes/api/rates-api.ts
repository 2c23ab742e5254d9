import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'
import { metalRateSchema, quoteSettingsSchema, todaysRateSchema, type MetalRate, type TodaysRate } from '../quote.schema'

/** How many of a metal's latest rates the history shows. */
export const rateHistoryLength = 30

export function createRatesApi(client: SupabaseClient) {
  /** Every metal in the shop's order with its latest rate on or before today (members). */
  async function fetchTodaysRates(signal: AbortSignal): Promise<TodaysRate[]> {
    const { data, error } = await client.rpc('todays_rates').abortSignal(signal)
    if (error) throw toApiError(error, "Failed to read today's rates")
    return z.array(todaysRateSchema).parse(data)
  }

  /** A metal's latest rates, newest first. */
  async function fetchRateHistory(metal: string, signal: AbortSignal): Promise<MetalRate[]> {
    const { data, error } = await client
      .from('metal_rates')
      .select('id, metal, rate_paise_per_gram, rate_date, set_at')
      .eq('metal', metal)
      .order('rate_date', { ascending: false })
      .order('set_at', { ascending: false })
      .limit(rateHistoryLength)
      .abortSignal(signal)
    if (error) throw toApiError(error, 'Failed to read the rate history')
    return z.array(metalRateSchema).parse(data)
  }

  /** Records a metal's rate in paise per gram, dated today unless `rateDate` (admins only). */
  async function setMetalRate(metal: string, ratePaisePerGram: number, rateDate?: string): Promise<MetalRate> {
    const { data, error } = await client.rpc('set_metal_rate', { metal, rate_paise_per_gram: ratePaisePerGram, rate_date: rateDate })
    if (error) throw toApiError(error, 'Failed to set the rate')
    return metalRateSchema.parse(data)
  }

  /** The GST rate quotes are priced with, in basis points (300 = 3%). */
  async function fetchGstRate(signal: AbortSignal): Promise<number> {
    const { data, error } = await client.rpc('quote_settings').abortSignal(signal)
    if (error) throw toApiError(error, 'Failed to read the GST rate')
    return quoteSettingsSchema.parse(data).gst_bps
  }

  /** Changes the GST rate (admins only); answers it as stored. */
  async function setGstRate(gstBps: number): Promise<number> {
    const { data, error } = await client.rpc('set_gst_rate', { gst_bps: gstBps })
    if (error) throw toApiError(error, 'Failed to change the GST rate')
    return quoteSettingsSchema.parse(data).gst_bps
  }

  return { fetchTodaysRates, fetchRateHistory, setMetalRate, fetchGstRate, setGstRate }
}

export type RatesApi = ReturnType<typeof createRatesApi>
