import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config';
import fs from 'node:fs';
const targets = (process.env.TARGETS ?? '').split(',').map((t) => new RegExp(t));
export default mergeConfig(base, defineConfig({
  build: { outDir: '/tmp/perfweb/dist2' },
  plugins: [{
    name: 'chains',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const entry = ids.find((i) => i.endsWith('src/main.tsx'))!;
      const out: string[] = [];
      for (const t of targets) {
        // all static importers chains: list every first-load module that directly imports a matching module
        const prev = new Map<string, string | null>([[entry, null]]);
        const q = [entry];
        while (q.length) { const id = q.shift()!; const info = this.getModuleInfo(id); for (const d of info?.importedIds ?? []) if (!prev.has(d)) { prev.set(d, id); q.push(d); } }
        const direct = new Set<string>();
        for (const id of prev.keys()) if (!t.test(id)) for (const d of this.getModuleInfo(id)?.importedIds ?? []) if (t.test(d)) direct.add(id.replace(/.*wt-perf-web\//, '').replace(/.*node_modules\//, 'nm:'));
        out.push(`${t}: imported by ${[...direct].join('\n     ')}`);
      }
      fs.writeFileSync('/tmp/perfweb/chains.txt', out.join('\n'));
    },
  }],
}));
