/**
 * bench:response's profiler: one 10 MB (or SIZE=1mb) load with a V8 CPU profile (Chrome DevTools
 * Protocol) from Send until the body is laid out, printed as the functions with the most self time
 * and the most inclusive time, so the long tasks bench:response reports can be traced to their code.
 *
 * With TRACE=1, a Chromium trace instead: each main-thread task over 50 ms with the events inside
 * it (style, layout, paint, script, GC), which the CPU profile only calls "(program)".
 *
 *   node scripts/build.mjs --if-stale && npx tsx bench/response-viewer/profile.ts      SIZE=1mb for the small answer
 */
import { launchBrowser } from '../../e2e/support/browser.js';
import type { LargeSize } from '../../packages/playground/src/testing/large-answers.js';
import { startLargeAnswersSite } from './site.js';

const SIZE = (process.env.SIZE ?? '10mb') as LargeSize;
const TRACE = process.env.TRACE === '1';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { functionName?: string; url?: string } };
}

/** Main-thread tasks over 50 ms, each with the time of the events inside it by name. */
function longTasksOf(events: TraceEvent[]): string {
  const main = events.find(
    (event) => event.name === 'thread_name' && (event.args as { name?: string })?.name === 'CrRendererMain',
  );
  const onMain = events.filter(
    (event) => main && event.pid === main.pid && event.tid === main.tid && event.ph === 'X',
  );
  const tasks = onMain.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > 50_000);
  return tasks
    .map((task) => {
      const inside = new Map<string, number>();
      for (const event of onMain) {
        if (event === task || event.ts < task.ts || event.ts + (event.dur ?? 0) > task.ts + (task.dur ?? 0))
          continue;
        const name =
          event.name === 'FunctionCall' ? `FunctionCall ${event.args?.data?.functionName ?? ''}` : event.name;
        inside.set(name, (inside.get(name) ?? 0) + (event.dur ?? 0) / 1000);
      }
      const top = [...inside.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`)
        .join('\n');
      return `task ${((task.dur ?? 0) / 1000).toFixed(0)} ms:\n${top}`;
    })
    .join('\n\n');
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const frameName = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber + 1}:${node.callFrame.columnNumber + 1}`;

/** Self and inclusive milliseconds per function. */
function summarise(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node) return;
    self.set(frameName(node), (self.get(frameName(node)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = frameName(byId.get(at) as ProfileNode);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + ms);
    }
  });
  const top = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 30)
      .map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`)
      .join('\n');
  return { self: top(self), total: top(total), busy: busyPeriods(profile, byId, parent) };
}

/**
 * Runs of samples without idle (a stand-in for tasks: the profile has no task boundaries), the
 * longest first, each with the functions taking most of it (inclusive).
 */
function busyPeriods(profile: CpuProfile, byId: Map<number, ProfileNode>, parent: Map<number, number>) {
  const periods: { ms: number; total: Map<string, number> }[] = [];
  let current: { ms: number; total: Map<string, number> } | undefined;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') {
      current = undefined;
      return;
    }
    if (!current) {
      current = { ms: 0, total: new Map() };
      periods.push(current);
    }
    current.ms += ms;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = frameName(byId.get(at) as ProfileNode);
      if (seen.has(name)) continue;
      seen.add(name);
      current.total.set(name, (current.total.get(name) ?? 0) + ms);
    }
  });
  return periods
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5)
    .map(
      (period) =>
        `busy ${period.ms.toFixed(0)} ms:\n${[...period.total.entries()]
          .filter(
            ([name]) => name !== '(root) :0:0' && (!process.env.ONLY || name.includes(process.env.ONLY)),
          )
          .sort((a, b) => b[1] - a[1])
          .slice(0, 14)
          .map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`)
          .join('\n')}`,
    )
    .join('\n\n');
}

async function main() {
  const site = await startLargeAnswersSite();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.addInitScript('window.__name = (fn) => fn;');
    await page.addInitScript(() => {
      const tasks: number[] = [];
      (window as unknown as { __tasks: number[] }).__tasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(Math.round(entry.duration));
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(site.pageUrl(SIZE));
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.getByTestId('send').waitFor();
    if (TRACE) {
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'blink'],
      });
      await page.getByTestId('send').click();
      await page.waitForSelector('.sx-pg-body-viewer[data-complete="true"]', { timeout: 120_000 });
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      console.log(`${SIZE} trace:\n${longTasksOf(trace.traceEvents)}`);
      await context.close();
      return;
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.evaluate(() => {
      (window as unknown as { __tasks: number[] }).__tasks.length = 0;
    });
    await cdp.send('Profiler.start');
    await page.getByTestId('send').click();
    await page.waitForSelector('.sx-pg-body-viewer[data-complete="true"]', { timeout: 120_000 });
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const tasks = await page.evaluate(() => (window as unknown as { __tasks: number[] }).__tasks);
    const { self, total, busy } = summarise(profile);
    console.log(
      `${SIZE}: long tasks (ms) ${JSON.stringify(tasks)}\n\nself time:\n${self}\n\ninclusive time:\n${total}\n\n${busy}`,
    );
    await context.close();
  } finally {
    await browser.close();
    await site.close();
  }
}

await main();
