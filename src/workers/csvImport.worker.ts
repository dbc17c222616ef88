/** Worker entry of the CSV import: the calls of createCsvHandler, off the main thread. */
import { serveCalls } from './calls.ts';
import { createCsvHandler } from './csvImport.ts';

serveCalls(createCsvHandler());
