/**
 * Importing this module adds the `content-addressed` storage type, so a source
 * may say `"storage": {"type": "content-addressed", "root": …}`: import it
 * before building a host, or hand it to the command line
 * (`editor-backend --import ./examples/custom-storage/register.ts …`).
 */
import { registerStorageType } from 'editor-backend';
import { contentAddressedStorage } from './content-addressed-storage-type.js';

registerStorageType('content-addressed', contentAddressedStorage);
