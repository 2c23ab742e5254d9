import { beforeAll, describe, expect, it } from 'vitest'
import { anonClient, createUserAndSignIn, serviceClient, type SignedInUser } from '../local/testing/clients.ts'
import { newLead } from './support/leads.ts'
import { legacyUploadName, uploadName } from './support/images.ts'

let admin: SignedInUser

beforeAll(async () => {
  admin = await createUserAndSignIn({ admin: true })
})

async function storedReference(id: string) {
  const { data } = await serviceClient().from('leads').select('reference_image, status').eq('id', id).maybeSingle()
  return data
}

describe('a lead holds a reference image name of the bucket’s form, or none', () => {
  it('takes a name of the form the upload policy admits, and no image at all', async () => {
    const withImage = newLead({ reference_image: uploadName('jpg') })
    const withoutImage = newLead({ reference_image: null })
    expect((await anonClient().from('leads').insert([withImage])).error).toBeNull()
    expect((await anonClient().from('leads').insert([withoutImage])).error).toBeNull()
    expect(await storedReference(withImage.id)).toMatchObject({ reference_image: withImage.reference_image })
  })

  it.each([
    ['a name of the earlier timestamp form', legacyUploadName()],
    ['a path out of the bucket', '../../etc/passwd.png'],
    ['a URL on another site', 'https://evil.example/ring.png'],
    ['a path into another bucket', `private-documents/${uploadName()}`],
    ['upper-case hex', uploadName().toUpperCase()],
    ['an empty text', ''],
    ['markup', '<img src=x onerror=alert(1)>.png'],
  ])('refuses %s with 23514, storing nothing', async (_label, reference) => {
    const lead = newLead({ reference_image: reference })
    const { error } = await anonClient().from('leads').insert([lead])
    expect(error?.code).toBe('23514')
    expect(error?.message).toContain('leads_reference_image_form_check')
    expect(await storedReference(lead.id)).toBeNull()
  })

  it('does not let a visitor date a lead back to pass as one from before the rule', async () => {
    const lead = newLead({ reference_image: legacyUploadName(), created_at: '2026-01-01T00:00:00Z' })
    expect((await anonClient().from('leads').insert([lead])).error?.code).toBe('42501')
    expect(await storedReference(lead.id)).toBeNull()
  })

  it('keeps leads created before the rule as they are, and their status still changes', async () => {
    const legacy = newLead({ reference_image: legacyUploadName(), created_at: '2026-01-01T00:00:00Z' })
    const junk = newLead({ reference_image: 'javascript:alert(1)', created_at: '2026-01-02T00:00:00Z' })
    expect((await serviceClient().from('leads').insert([legacy, junk])).error).toBeNull()
    for (const lead of [legacy, junk]) {
      const { error } = await admin.client.from('leads').update({ status: 'contacted' }).eq('id', lead.id)
      expect(error).toBeNull()
      expect(await storedReference(lead.id)).toEqual({ reference_image: lead.reference_image, status: 'contacted' })
    }
  })

  it('refuses an old-form name on a lead created now, whoever writes it', async () => {
    const lead = newLead({ reference_image: legacyUploadName() })
    expect((await serviceClient().from('leads').insert([lead])).error?.code).toBe('23514')
  })
})
