// Drives the built page (web/dist) in Debian's headless Chromium through
// playwright-core, as a learner would: types, clicks, reads what the page
// shows, and checks it against the native grundy's answers. A screenshot of
// each view goes to web/test/artifacts/.
// Usage: node web_test.mjs URL DIST_DIR NATIVE_GRUNDY
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [url, dist, native] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, 'artifacts');
mkdirSync(shots, { recursive: true });

let checks = 0, fails = 0;
function check(cond, what) {
  checks++;
  if (!cond) { fails++; console.log('FAIL:', what); }
}
function grundy(...args) {
  try {
    return { code: 0, out: execFileSync(native, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }), err: '' };
  } catch (e) {
    return { code: e.status, out: e.stdout, err: e.stderr };
  }
}
const T = 60000;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
const errors = [];
page.on('pageerror', (e) => errors.push(e.message));

async function idle() {
  // no command in flight (the page counts them in <body data-running>), for a moment
  const none = () => page.waitForFunction(() => document.body.getAttribute('data-running') === '0', null, { timeout: T });
  await none();
  await page.waitForTimeout(100);
  await none();
}
async function explained(id) {
  await page.waitForFunction((id) => {
    const t = document.getElementById(id).textContent;
    return t && !/^(Computing|计算中)/.test(t);
  }, id, { timeout: T });
  return page.textContent('#' + id);
}

// 1. type a position: value, outcome, winning moves, explanation
await page.goto(url + 'index.html');
await page.fill('#pos', 'kayles(7) + 3');
await page.click('#solve');
await page.waitForFunction(() => !document.getElementById('solve-result').hidden && document.getElementById('value').textContent === '1', null, { timeout: T });
await idle();
const want = JSON.parse(grundy('solve', '--json', 'kayles(7) + 3').out);
check(want.value === 1, 'native value of kayles(7) + 3');
check(await page.textContent('#value') === '1', 'the value shown is 1');
check((await page.textContent('#outcome')).includes('N-position'), 'the outcome is an N-position');
const moves = await page.$$eval('#moves li', (lis) => lis.map((li) => li.textContent));
check(JSON.stringify(moves) === JSON.stringify(want.winning_moves), `winning moves ${moves} vs ${want.winning_moves}`);
const why = await explained('explain');
check(why === grundy('explain', '--lang', 'en', 'kayles(7) + 3').out, 'the explanation is grundy explain\'s');
check(/mex\{/.test(why) && why.includes('XOR'), 'the explanation shows the mex and the XOR');
check((await page.evaluate(() => location.hash)).includes('pos=kayles(7)%20%2B%203'), 'the URL holds the position');
// the examples are the library's families, one each (grundy help rulesets --json)
const fams = JSON.parse(grundy('help', 'rulesets', '--json').out).families;
const shownEx = await page.$$eval('#solve-examples button', (b) => b.map((x) => x.textContent));
check(JSON.stringify(shownEx) === JSON.stringify(fams.map((f) => f.example)), `the solve examples ${shownEx} are the families'`);
const seqEx = await page.$$eval('#seq-examples button', (b) => b.map((x) => x.textContent));
check(seqEx.includes('kayles') && seqEx.includes('sub[1,3,4]') && !seqEx.includes('wythoff'), `the sequence examples: ${seqEx}`);
await page.screenshot({ path: join(shots, 'solve.png'), fullPage: true });

// misère and Every-SG answers agree with the native tool
for (const [mode, pos] of [['misere', '1 + 1 + 2'], ['misere', '2 + 2'], ['every', '3 + kayles(4)']]) {
  await page.selectOption('#mode', mode);
  await page.fill('#pos', pos);
  await page.click('#solve');
  await page.waitForTimeout(200);
  await idle();
  const w = JSON.parse(grundy('solve', '--json', '--' + mode, pos).out);
  const shown = await page.textContent('#outcome');
  check(shown.includes(w.outcome === 'N' ? 'N-position' : 'P-position'), `${mode} ${pos}: ${shown} vs ${w.outcome}`);
}
await page.selectOption('#mode', 'normal');

// 2. a bad position: the CLI's own one-line message
for (const bad of ['kayles(', 'sub[1,,2](5)', '3 + -1']) {
  await page.fill('#pos', bad);
  await page.click('#solve');
  await page.waitForTimeout(200);
  await idle();
  await page.waitForSelector('#solve-error:not([hidden])', { timeout: T });
  const msg = (await page.textContent('#solve-error')).trim();
  const cli = grundy('solve', '--json', bad);
  check(cli.code === 2 && msg === cli.err.trim(), `error for ${bad}: page '${msg}', CLI '${cli.err.trim()}'`);
}
await page.screenshot({ path: join(shots, 'error.png') });

// 3. a rule's sequence, its proved period marked
await page.click('.tab[data-view=seq]');
await page.fill('#rule', 'kayles');
await page.fill('#seq-n', '200');
await page.click('#seq-go');
await page.waitForSelector('#seq-result:not([hidden])', { timeout: T });
await idle();
const seqWant = JSON.parse(grundy('seq', 'kayles', '--to', '200', '--json').out).values;
const seqShown = (await page.textContent('#seq-values')).trim().split(/\s+/).map(Number);
check(JSON.stringify(seqShown) === JSON.stringify(seqWant), 'the values of kayles up to 200');
const period = await page.textContent('#seq-period');
check(period.includes('period 12') && period.includes('preperiod 71'), `the period: ${period}`);
check(await page.$$eval('#seq-chart circle', (c) => c.length) === 201, 'a point per value');
check(await page.$$eval('#seq-chart rect.band-period', (r) => r.length) >= 10, 'the period bands');
await page.screenshot({ path: join(shots, 'sequence.png'), fullPage: true });
// a rule of one's own
await page.fill('#rule', 'rule[n -> a + (n-a) for a in 1..n-1 if a != n-a]');
await page.fill('#seq-n', '30');
await page.click('#seq-go');
await page.waitForTimeout(200);
await idle();
const ruleWant = JSON.parse(grundy('seq', 'rule[n -> a + (n-a) for a in 1..n-1 if a != n-a]', '--to', '30', '--json').out).values;
check((await page.textContent('#seq-values')).trim() === ruleWant.join(' '), 'a rule\'s sequence');

// 4. the Wythoff heat map: P-positions on the two rays, drawn black
await page.click('.tab[data-view=table]');
await page.fill('#trule', 'wythoff');
await page.fill('#tw', '30');
await page.fill('#th', '30');
await page.click('#table-go');
await page.waitForSelector('#table-result:not([hidden])', { timeout: T });
await idle();
const phi = (1 + Math.sqrt(5)) / 2, rays = [];
for (let k = 0; Math.floor(k * phi * phi) <= 30 || Math.floor(k * phi) <= 30; k++) {
  const a = Math.floor(k * phi), b = Math.floor(k * phi * phi);
  if (a <= 30 && b <= 30) { rays.push([a, b]); if (a !== b) rays.push([b, a]); }
}
rays.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
const pShown = (await page.textContent('#table-p')).trim().split(' ').map((s) => s.slice(1, -1).split(',').map(Number));
check(JSON.stringify(pShown) === JSON.stringify(rays), `P-positions ${JSON.stringify(pShown)} vs the rays ${JSON.stringify(rays)}`);
const pixels = await page.evaluate(() => {
  const c = document.getElementById('heat'), cell = c.width / 31, g = c.getContext('2d');
  const at = (x, y) => Array.from(g.getImageData(Math.floor((y + 0.5) * cell), Math.floor((x + 0.5) * cell), 1, 1).data);
  return { p: at(3, 5), n: at(3, 4) };
});
check(pixels.p[0] === 0 && pixels.p[1] === 0 && pixels.p[2] === 0, `(3,5) drawn black: ${pixels.p}`);
check(pixels.n[0] + pixels.n[1] + pixels.n[2] > 100, `(3,4) drawn in colour: ${pixels.n}`);
const box = await page.$eval('#heat', (c) => { const r = c.getBoundingClientRect(); return { x: r.left, y: r.top, cell: r.width / 31 }; });
await page.mouse.move(box.x + 5.5 * box.cell, box.y + 3.5 * box.cell);
check((await page.textContent('#heat-tip')) === 'G(3, 5) = 0', 'hovering a cell shows its value');
await page.mouse.click(box.x + 5.5 * box.cell, box.y + 3.5 * box.cell);
const cellWhy = await explained('cell-explain');
check(cellWhy === grundy('explain', '--lang', 'en', 'wythoff(3,5)').out, 'clicking a cell explains it');
await page.screenshot({ path: join(shots, 'table.png'), fullPage: true });

// 5. a game of Nim to its end: grundy, first from an N-position, wins
async function playToEnd(maxTurns) {
  for (let turn = 0; turn < maxTurns; turn++) {
    await page.waitForFunction(() => ['human', 'over', 'error'].includes(document.getElementById('game').getAttribute('data-state')), null, { timeout: T });
    const state = await page.getAttribute('#game', 'data-state');
    if (state !== 'human') return state;
    await page.click('#board .token >> nth=0');
  }
  return 'too long';
}
await page.click('.tab[data-view=play]');
await page.fill('#ppos', '1 + 2 + 4');
await page.selectOption('#pmode', 'normal');
await page.selectOption('#first', 'grundy');
await page.click('#new-game');
await page.waitForTimeout(300);
check(await playToEnd(20) === 'over', 'the game of Nim ends');
check((await page.textContent('#play-status')).includes('grundy wins'), 'grundy wins from an N-position');
const log = await page.$$eval('#log li', (lis) => lis.map((li) => li.textContent));
check(log.length >= 3 && log[0].startsWith('grundy plays'), `the game's log: ${log}`);
await page.screenshot({ path: join(shots, 'play-nim.png'), fullPage: true });
// from a P-position the player's moves are judged, and a hint is offered
await page.selectOption('#first', 'me');
await page.fill('#ppos', '1 + 2 + 3');
await page.click('#new-game');
await page.waitForFunction(() => document.getElementById('game').getAttribute('data-state') === 'human', null, { timeout: T });
await page.click('#hint');
check((await page.textContent('#hint-text')).includes('every move loses'), 'the hint in a P-position');
await page.click('#board .token >> nth=0');
await page.waitForFunction(() => document.querySelectorAll('#log li').length >= 3, null, { timeout: T });
const judged = await page.$$eval('#log li', (lis) => lis.map((li) => li.textContent));
check(judged[1].includes('P-position: every move loses'), `the move is judged: ${judged}`);
// a Cram board is clicked cell by cell
await page.fill('#ppos', 'cram(2,3)');
await page.click('#new-game');
await page.waitForFunction(() => document.getElementById('game').getAttribute('data-state') === 'human', null, { timeout: T });
await page.click('#board td[data-cell="0,1"]');
await page.click('#board td[data-cell="1,1"]');
await page.waitForFunction(() => document.querySelectorAll('#log li').length >= 2, null, { timeout: T });
const cram = await page.$$eval('#log li', (lis) => lis.map((li) => li.textContent));
check(cram[0].includes('cram(.#./.#.)') && cram[1].startsWith('A winning move'), `a domino placed on Cram: ${cram}`);
await page.screenshot({ path: join(shots, 'play-cram.png'), fullPage: true });
// Every-SG and misère games also end with the right winner
for (const [mode, pos, winner] of [['every', '3 + 4', 'grundy wins'], ['misere', '1 + 1 + 3', 'grundy wins']]) {
  await page.selectOption('#pmode', mode);
  await page.selectOption('#first', 'grundy');
  await page.fill('#ppos', pos);
  await page.click('#new-game');
  await page.waitForTimeout(200);
  let state;
  for (let turn = 0; turn < 20; turn++) {
    await page.waitForFunction(() => ['human', 'over', 'error'].includes(document.getElementById('game').getAttribute('data-state')), null, { timeout: T });
    state = await page.getAttribute('#game', 'data-state');
    if (state !== 'human') break;
    if (mode === 'every') {
      const terms = await page.$$('#board .term');
      for (const t of terms) { const tok = await t.$('.token'); if (tok) await tok.click(); }
      await page.click('#play-every');
    } else await page.click('#board .token >> nth=0');
  }
  check(state === 'over' && (await page.textContent('#play-status')).includes(winner), `${mode} ${pos}: ${state}`);
}

// 6. Chinese: the labels, the outcome and grundy explain --lang zh
await page.goto(url + 'index.html#pos=kayles(7)%2B3&lang=zh');
await page.reload();
await page.waitForFunction(() => document.getElementById('value').textContent === '1', null, { timeout: T });
const zhWhy = await explained('explain');
check(await page.textContent('.tab[data-view=solve]') === '求解', 'the Chinese tab');
check(await page.textContent('.tab[data-view=seq]') === '打表找规律', 'the Chinese sequence tab');
check((await page.textContent('#outcome')) === '必胜态：先手必胜', 'the Chinese outcome');
check(zhWhy === grundy('explain', '--lang', 'zh', 'kayles(7)+3').out, 'the Chinese explanation is grundy explain --lang zh\'s');
check(/[\u4e00-\u9fff]/.test(zhWhy) && zhWhy.includes('mex'), 'the explanation is in Chinese');
await page.screenshot({ path: join(shots, 'solve-zh.png'), fullPage: true });
await page.click('#lang');
check((await page.textContent('.tab[data-view=solve]')) === 'Solve' && !(await page.evaluate(() => location.hash)).includes('lang=zh'),
      'the language switch');

// 7. a long computation runs in the worker: a progress bar and a cancel button
await page.goto(url + 'index.html#view=seq&lang=en');
await page.reload();
await idle();
await page.fill('#rule', 'rule[n -> a + (n-a) for a in 1..n-1 if a != n-a]');
await page.fill('#seq-n', '200000');
await page.click('#seq-go');
await page.waitForSelector('#busy:not([hidden])', { timeout: T });
await page.waitForFunction(() => /values|positions searched/.test(document.getElementById('busy-text').textContent), null, { timeout: T });
check(/of 200001 values \(\d+%\)$/.test(await page.textContent('#busy-text')), `the progress line: ${await page.textContent('#busy-text')}`);
const responsive = await page.evaluate(() => 1 + 1);
check(responsive === 2, 'the page answers while the worker computes');
await page.click('#cancel');
await page.waitForSelector('#seq-error:not([hidden])', { timeout: T });
check((await page.textContent('#seq-error')) === 'Cancelled.', 'the run is cancelled');
await page.fill('#rule', 'dawson');
await page.fill('#seq-n', '50');
await page.click('#seq-go');
await page.waitForFunction(() => document.getElementById('seq-error').hidden, null, { timeout: T });
await idle();
check((await page.textContent('#seq-values')).trim() === JSON.parse(grundy('seq', 'dawson', '--to', '50', '--json').out).values.join(' '),
      'a new worker answers after a cancel');

// 8. the page also works opened from its files
await page.goto(pathToFileURL(resolve(dist, 'index.html')).href + '#pos=3+5');
await page.waitForFunction(() => document.getElementById('value').textContent || !document.getElementById('solve-error').hidden,
                           null, { timeout: T });
check(await page.textContent('#value') === '6' && await page.inputValue('#pos') === '3+5',
      'the page opened from its file solves 3+5 (a raw + in the link)');

check(errors.length === 0, `no script errors: ${errors}`);
await browser.close();
console.log(`web_test: ${checks} checks, ${checks - fails} passed, ${fails} failed; screenshots in ${shots}`);
process.exit(fails ? 1 : 0);
