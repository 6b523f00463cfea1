// A search thread of the app's free-word search: TypeScript sources run through tsx (as in
// bin/rpcscope.mjs), each thread registering it for itself.
import { register } from 'tsx/esm/api';

register();
await import('./word-search-host.ts');
