/**
 * The HTML export's entry: the viewer with no network at all (the export's CSP forbids it, and
 * this bundle holds no fetch). The team server's page uses viewer/team-main.ts instead.
 */
import { start } from './app';

start();
