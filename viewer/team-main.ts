/**
 * The team server's page of a published session (`/t/<id>`): the export's viewer plus following
 * the session live and posting comments, same origin only (that page's CSP: connect-src 'self').
 */
import { start } from './app';
import { followLive, postComment, readLiveConfig } from './live';

start({ readLiveConfig, followLive, postComment });
