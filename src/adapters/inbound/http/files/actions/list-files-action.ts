import { parseSortBy, type ListingOptions } from '../../../../../domain/files/listing.js';
import { InvalidInputError } from '../../../../../domain/errors.js';
import type { FileAction } from '../action.js';
import { booleanParam, objectParam, stringParam, type Params } from '../params.js';
import { presentListing } from '../presenters.js';
import { absoluteBaseUrl } from '../public-url.js';

const nonNegativeInt = (value: unknown, name: string): number | undefined => {
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new InvalidInputError(`mods[${name}] must be a non-negative integer`);
  return parsed;
};

export const listingOptionsFrom = (params: Params): Partial<ListingOptions> => {
  const mods = objectParam(params, 'mods');
  const limit = nonNegativeInt(mods.limit, 'limit');
  const filterWord = stringParam(mods, 'filterWord');
  return {
    withFolders: booleanParam(mods.withFolders),
    onlyImages: booleanParam(mods.onlyImages),
    sortBy: parseSortBy(stringParam(mods, 'sortBy')),
    offset: nonNegativeInt(mods.offset, 'offset') ?? 0,
    ...(limit === undefined ? {} : { limit }),
    ...(filterWord ? { filterWord } : {}),
  };
};

export const listFilesAction: FileAction = {
  name: 'files',
  readOnly: true,
  async handle({ req, role, params, options }) {
    const listings = await options.useCases.listFiles.execute({
      role,
      source: stringParam(params, 'source') || undefined,
      path: stringParam(params, 'path'),
      options: listingOptionsFrom(params),
    });
    const iconsBase = absoluteBaseUrl(`${req.baseUrl}/icons/`, req, options.publicUrl, options.trustProxy);
    return {
      sources: listings.map((listing) =>
        presentListing(listing, absoluteBaseUrl(listing.source.baseurl, req, options.publicUrl, options.trustProxy), iconsBase),
      ),
    };
  },
};
