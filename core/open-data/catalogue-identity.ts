// The catalogue's identity (docs/harvest.md §12): who publishes it, under which licence, in which
// language. Read from the optional data/catalogue.json; absent fields take the defaults below.
// zod is the source of truth for the input; the Worker imports only the resolved type.
import { z } from 'zod';

const Email = z.email();
const Url = z.url({ protocol: /^https?$/ });

export const CatalogueIdentityInput = z.object({
  title: z.string().min(1).optional(),
  description: z.string().min(1).optional(),
  publisher: z
    .object({ name: z.string().min(1), url: Url.optional(), email: Email.optional() })
    .optional(),
  homepage: Url.optional(),
  /** BCP 47 language tag. */
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'a BCP 47 language tag, such as "id" or "en"')
    .optional(),
  /** An SPDX licence id (CC-BY-4.0) or the URL of a licence. */
  license: z
    .union([z.string().regex(/^[A-Za-z0-9.+-]+$/, 'an SPDX licence id or a URL'), Url])
    .optional(),
  spatial: z.string().min(1).optional(),
  contactPoint: z.object({ name: z.string().min(1), email: Email }).optional(),
});
export type CatalogueIdentityInput = z.infer<typeof CatalogueIdentityInput>;

/** The identity with every default applied: what the snapshot stores and the renderers read. */
export interface CatalogueIdentity {
  title: string;
  description: string;
  publisher: { name: string; url?: string; email?: string };
  homepage?: string;
  language: string;
  license: string;
  spatial?: string;
  contactPoint?: { name: string; email: string };
}

export const DEFAULT_IDENTITY = {
  title: 'Satu Data',
  description:
    'Statistik sektoral daerah: elemen data terverifikasi dengan tabel per tahun dan metadatanya.',
  language: 'id',
  license: 'CC-BY-4.0',
} as const;

export function resolveIdentity(input: CatalogueIdentityInput = {}): CatalogueIdentity {
  const title = input.title ?? DEFAULT_IDENTITY.title;
  return {
    title,
    description: input.description ?? DEFAULT_IDENTITY.description,
    publisher: input.publisher ?? { name: title },
    ...(input.homepage && { homepage: input.homepage }),
    language: input.language ?? DEFAULT_IDENTITY.language,
    license: input.license ?? DEFAULT_IDENTITY.license,
    ...(input.spatial && { spatial: input.spatial }),
    ...(input.contactPoint && { contactPoint: input.contactPoint }),
  };
}
