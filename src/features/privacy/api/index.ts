import { supabase } from '@/lib/supabase'
import { createAuditApi } from './audit-api'
import { createErasureApi } from './erasure-api'
import { createRequestsApi } from './requests-api'
import { createRetentionApi } from './retention-api'

export const erasureApi = createErasureApi(supabase)
export const requestsApi = createRequestsApi(supabase)
export const auditApi = createAuditApi(supabase)
export const retentionApi = createRetentionApi(supabase)
