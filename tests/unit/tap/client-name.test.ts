/** The name a tap session gives its client's side, read from the command line of the tap's parent. */
import { describe, expect, it } from 'vitest';
import { clientNameOf } from '@/server/tap/stdio-tap';

describe("a tap session's client name", () => {
  it('is the program that started the tap', () => {
    expect(clientNameOf(['/usr/share/code/code', '--type=extensionHost'])).toBe('code');
    expect(clientNameOf(['/opt/Claude/claude'])).toBe('claude');
    expect(clientNameOf([])).toBeUndefined();
  });

  it("is an interpreter and its script, past the interpreter's options and their values", () => {
    expect(clientNameOf(['/usr/bin/node', '/home/me/editor/main.js', '--stdio'])).toBe('node main.js');
    expect(clientNameOf(['node', '--import', 'tsx', 'client.ts'])).toBe('node client.ts');
    expect(clientNameOf(['node', '--max-old-space-size=4096', '-r', 'ts-node/register', 'bin/agent.js'])).toBe('node agent.js');
    expect(clientNameOf(['python3', '-u', '-m', 'my_agent.client'])).toBe('python3 -m my_agent.client');
    expect(clientNameOf(['npx', '-y', '@acme/inspector'])).toBe('npx @acme/inspector');
    expect(clientNameOf(['node', '--inspect'])).toBe('node');
  });
});
