import { describe, expect, it } from 'vitest';
import { exportFormat } from '@/lib/export';
import type { SessionFileV1 } from '@/lib/session/types';
import { stdioSession } from '../redaction/seeded';

const svgOf = (file: SessionFileV1) => {
  const built = exportFormat('svg').build(file, { viewerScript: () => '' });
  if (!built.ok) throw new Error(built.error);
  return built.body;
};

describe('the SVG export: the sequence diagram of a session file', () => {
  it('draws a connected session between rpcscope and the target, one labelled arrow per entry', () => {
    const file = stdioSession();
    const svg = svgOf(file);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('>rpcscope</text>');
    expect(svg).toContain('>target</text>');
    expect(svg).toContain('initialize');
    expect(svg).not.toMatch(/<script|href=/);
  });

  it('draws a tapped conversation in three lanes and escapes peer text', () => {
    const base = stdioSession();
    const file: SessionFileV1 = {
      ...base,
      target: { kind: 'tap', command: 'node', args: ['server.js'], framing: 'content-length' },
      events: [{ seq: 1, t: 0, time: 0, dir: 'out', kind: 'notification', method: '<script>x</script>', raw: '{"jsonrpc":"2.0","method":"<script>x</script>"}', findings: [] }],
    };
    const svg = svgOf(file);
    for (const lane of ['client', 'rpcscope', 'server']) expect(svg).toContain(`>${lane}</text>`);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;script&#62;');
  });
});
