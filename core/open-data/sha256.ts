// SHA-256 in hex, the same in the generator and the Worker, and synchronous in both (the
// Worker's crypto.subtle is asynchronous, a round trip per digest: too slow for the hundreds a
// page of CKAN packages derives). @noble/hashes: audited, no dependencies, a few KB.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The SHA-256 of the text's UTF-8 (a lone surrogate as U+FFFD, as TextEncoder writes it). */
export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));
