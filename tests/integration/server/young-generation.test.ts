import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { WORKER_YOUNG_GENERATION_MB, YOUNG_GENERATION_FLAG } from '@/server/young-generation';

const root = path.resolve(__dirname, '../../..');
/** Fills the young generation a few times over, then prints its size in MiB. */
const PROBE = `const v8=require('v8');let k=[];for(let i=0;i<2e6;i++){k.push({a:i,b:'x'+i});if(k.length>50000)k=[];}
const s=v8.getHeapSpaceStatistics().find((x)=>x.space_name==='new_space');console.log(String(s.space_size/1048576));`;

describe('the app and the tap handle messages with a young generation big enough for a flood', () => {
  it('starts the rpcscope command and npm start with the flag', () => {
    expect(readFileSync(path.join(root, 'bin/rpcscope.mjs'), 'utf8').split('\n')[0]).toBe(`#!/usr/bin/env -S node ${YOUNG_GENERATION_FLAG}`);
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node ${YOUNG_GENERATION_FLAG} bin/rpcscope.mjs`);
  });

  it("gives the tap's recording worker the young generation the flag gives a process", async () => {
    const processMb = Number(spawnSync(process.execPath, [YOUNG_GENERATION_FLAG, '-e', PROBE], { encoding: 'utf8' }).stdout.trim());
    const defaultMb = Number(spawnSync(process.execPath, ['-e', PROBE], { encoding: 'utf8' }).stdout.trim());
    const workerMb = await new Promise<number>((resolve, reject) => {
      const w = new Worker(PROBE.replace('console.log(', "require('worker_threads').parentPort.postMessage("), {
        eval: true,
        resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
      });
      w.once('message', (m: string) => resolve(Number(m)));
      w.once('error', reject);
    });
    expect(processMb).toBeGreaterThan(defaultMb);
    expect(workerMb).toBe(processMb);
  });
});
