// The app's recording worker: TypeScript sources run through tsx (as in bin/rpcscope.mjs), each
// thread registering it for itself.
import { register } from 'tsx/esm/api';

register();
await import('./recorder-host.ts');
