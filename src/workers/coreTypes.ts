/** Serializer types the worker layer and the store share (from src/core/serialize.ts). */
export type { OutputFile, SerializeOptions } from '../core/serialize.ts';
