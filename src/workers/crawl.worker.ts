/**
 * Reads a crawl CSV off the main thread (a 1,000,000-row export is hundreds of MB): decode,
 * detect, parse into the compact table, and transfer its arrays to the page. Progress is
 * reported per MB parsed; cancel = stop the worker (crawlClient.ts).
 */
import { serveCalls } from './calls.ts';
import { createCrawlHandler } from './crawlClient.ts';

serveCalls(createCrawlHandler());
