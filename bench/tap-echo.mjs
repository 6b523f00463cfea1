// Child process for the tap bench: a newline-delimited JSON-RPC server on stdin/stdout that answers
// each request at once with its id (the least a server can do, so the tap's own cost shows).
let pending = '';
process.stdin.on('data', (chunk) => {
  pending += chunk;
  let nl;
  while ((nl = pending.indexOf('\n')) !== -1) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    const id = JSON.parse(line).id;
    process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":"pong"}\n`);
  }
});
