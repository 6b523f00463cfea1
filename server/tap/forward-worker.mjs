// The stdio tap's forwarding thread: TypeScript sources run through tsx (as in bin/rpcscope.mjs),
// each thread registering it for itself.
import { register } from 'tsx/esm/api';

register();
await import('./forward-host.ts');
