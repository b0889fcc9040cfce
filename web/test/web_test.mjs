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
// an explanation: grundy explain's text (kept in data-text) once it is shown
async function explained(id) {
  await page.waitForFunction((id) => document.getElementById(id).hasAttribute('data-text'), id, { timeout: T });
  return page.getAttribute('#' + id, 'data-text');
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
// shown to be read: sentences in the page's font, the mex lines in monospace, the XOR as a table
const look = await page.evaluate(() => {
  const font = (e) => e ? getComputedStyle(e).fontFamily : '';
  const rows = [...document.querySelectorAll('#explain table.xor tr')].map((tr) => [...tr.children].map((td) => td.textContent));
  return { prose: font(document.querySelector('#explain p')), formula: font(document.querySelector('#explain code.formula')),
           formulas: [...document.querySelectorAll('#explain code.formula')].map((c) => c.textContent), rows };
});
check(!/mono/.test(look.prose) && /mono/.test(look.formula), `prose ${look.prose}, formulas ${look.formula}`);
check(look.formulas.includes('G(7) = mex{G(6), G(1)^G(5), G(2)^G(4), G(3)^G(3), G(5), G(1)^G(4), G(2)^G(3)} = mex{0, 1, 3, 4, 5} = 2'),
      `the mex line as a formula: ${look.formulas}`);
check(JSON.stringify(look.rows) === JSON.stringify([['', '2', '= 10', 'term 1'], ['', '3', '= 11', 'term 2'], ['XOR', '1', '= 01', '']]),
      `the XOR table: ${JSON.stringify(look.rows)}`);
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
const ticks = await page.$$eval('#seq-chart text.tick-x', (t) => t.map((x) => +x.textContent));
check(ticks[0] === 0 && ticks.length >= 4 && ticks[ticks.length - 1] <= 200, `the n axis has numbers: ${ticks}`);
check((await page.$$eval('#seq-chart text.tick-y', (t) => t.length)) >= 3, 'the G(n) axis has numbers');
const seqKey = await page.$$eval('#seq-legend .key', (k) => k.map((x) => x.textContent));
check(JSON.stringify(seqKey) === JSON.stringify(['G(n)', 'preperiod', 'period 12']), `the sequence's key: ${seqKey}`);
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
  const c = document.getElementById('heat'), cell = +c.dataset.cell, L = +c.dataset.left, Tp = +c.dataset.top, g = c.getContext('2d');
  const at = (x, y) => Array.from(g.getImageData(L + Math.floor((y + 0.5) * cell), Tp + Math.floor((x + 0.5) * cell), 1, 1).data);
  return { p: at(3, 5), n: at(3, 4) };
});
check(pixels.p[0] === 0 && pixels.p[1] === 0 && pixels.p[2] === 0, `(3,5) drawn black: ${pixels.p}`);
check(pixels.n[0] + pixels.n[1] + pixels.n[2] > 100, `(3,4) drawn in colour: ${pixels.n}`);
const box = await page.$eval('#heat', (c) => {
  const r = c.getBoundingClientRect(), k = r.width / c.width;
  return { x: r.left + c.dataset.left * k, y: r.top + c.dataset.top * k, cell: c.dataset.cell * k };
});
// its key and its axes: the legend names P-positions and the values, the axes carry numbers
const legend = await page.$$eval('#heat-legend .key', (k) => k.map((x) => x.textContent));
check(legend[0] === '0: P-position' && legend[1] === '1' && legend.length >= 10, `the heat map's key: ${legend}`);
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
const hintWant = JSON.parse(grundy('move', '--json', '1 + 2 + 3').out).move[0];
const hintLine = await page.textContent(`#board .term[data-term="${hintWant.component}"] .preview-line`);
check(hintLine === `Hint: ${hintWant.from} → ${hintWant.to}`, `the hint marked on the drawing: ${hintLine}`);
await page.click('#board .token >> nth=0');
await page.waitForFunction(() => document.querySelectorAll('#log li').length >= 3, null, { timeout: T });
const judged = await page.$$eval('#log li', (lis) => lis.map((li) => li.textContent));
check(judged[1].includes('P-position: every move loses'), `the move is judged: ${judged}`);
// a Cram board is clicked cell by cell
await page.fill('#ppos', 'cram(2,3)');
await page.click('#new-game');
await page.waitForFunction(() => document.getElementById('game').getAttribute('data-state') === 'human', null, { timeout: T });
// the pointer near the lower edge of cell (0,1): the vertical domino on (0,1) and (1,1)
await page.hover('#board td[data-cell="0,1"]', { position: { x: 14, y: 24 } });
check((await page.textContent('#board .preview-line')) === 'cram(2,3) → cram(.#./.#.)', 'the domino under the pointer is previewed');
await page.click('#board td[data-cell="0,1"]', { position: { x: 14, y: 24 } });
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

// 9. each game drawn as itself and played to its end by clicks, in both
// languages: the player clicks perfect play's moves (the native grundy's),
// grundy answers as the native grundy does, and the player wins
function rowsOf(term) { const m = /\(([\d,]*)\)$/.exec(term); return m[1] ? m[1].split(',').map(Number) : []; }
function multiset(a) { return a.filter((n) => n > 0).sort((x, y) => x - y).join(','); }
async function clickMove(i, kind, term, to) {
  const sel = `#board .term[data-term="${i}"]`;
  const want = `${term} → ${to}`;
  if (kind === 'tokens') return page.click(`${sel} .token[data-leave="${to}"]`);
  if (kind === 'queen') { const [x, y] = rowsOf(to); return page.click(`${sel} td[data-cell="${x},${y}"]`); }
  if (kind === 'pins') {
    const rows = rowsOf(term), goal = multiset(rowsOf(to));
    for (let r = 0; r < rows.length; r++)
      for (let a = 0; a < rows[r]; a++)
        for (let b = a; b < rows[r]; b++) {
          const left = rows.slice(); left.splice(r, 1, a, rows[r] - 1 - b);
          if (multiset(left) !== goal) continue;
          // a click plays the run once no longer run holds it: the log grows
          const logged = () => page.$$eval('#log li', (l) => l.length), before = await logged();
          for (let k = a; k <= b; k++) {
            await page.click(`${sel} .pin[data-pin="${r},${k}"]`);
            if (await logged() > before) return;
          }
          return page.click(`${sel} .pin[data-pin="${r},${a}"]`);
        }
    throw new Error(`no run of pins plays ${want}`);
  }
  // boards and graphs: hover each place until the preview names the move, then click there
  const spots = kind === 'board' ? [] : await page.$$(`${sel} .vertex, ${sel} .edge-hit`);
  if (kind === 'board') {
    const cells = await page.$$(`${sel} td:not(.filled)`);
    for (const c of cells) for (const [x, y] of [[0.5, 0.5], [0.85, 0.5], [0.15, 0.5], [0.5, 0.85], [0.5, 0.15]]) spots.push([c, x, y]);
  }
  for (const spot of spots) {
    const [h, fx, fy] = Array.isArray(spot) ? spot : [spot, 0.5, 0.5];
    const b = await h.boundingBox();
    await page.mouse.move(b.x + fx * b.width, b.y + fy * b.height);
    if ((await page.textContent(`${sel} .preview-line`)) === want) { await page.mouse.click(b.x + fx * b.width, b.y + fy * b.height); return; }
  }
  throw new Error(`no place on the drawing previews ${want}`);
}
async function waitTurn() {
  await page.waitForFunction(() => ['human', 'over', 'error'].includes(document.getElementById('game').getAttribute('data-state')), null, { timeout: T });
  return page.getAttribute('#game', 'data-state');
}
for (const lang of ['en', 'zh'])
  for (const [kinds, pos] of [[['tokens', 'tokens', 'tokens'], '1 + 2 + 4'], [['pins', 'pins'], 'kayles(4,3) + tb[0.07](7)'], [['queen'], 'wythoff(4,6)'],
                              [['board'], 'cram(3,4)'], [['board', 'graph'], 'nodekayles[grid](2,4) + nodekayles(0-1,1-2,2-3,3-4)'],
                              [['graph', 'pins'], 'arckayles(0-1,1-2,2-3,3-0) + kayles(2)']]) {
    check(JSON.parse(grundy('solve', '--json', pos).out).outcome === 'N', `${pos} is an N-position`);
    await page.goto(url + 'index.html#view=play&ppos=' + encodeURIComponent(pos) + '&lang=' + lang);
    await page.reload();
    let state = await waitTurn(), turns = 0, shown = await page.$$eval('#board .term', (t) => t.map((x) => x.getAttribute('data-kind')));
    check(JSON.stringify(shown) === JSON.stringify(kinds), `${pos} drawn as ${shown}, not ${kinds}`);
    await page.screenshot({ path: join(shots, `play-${kinds[0]}-${lang}.png`), fullPage: true });
    while (state === 'human' && turns++ < 30) {
      const here = await page.getAttribute('#game', 'data-position');
      const best = JSON.parse(grundy('move', '--json', here).out), m = best.move[0];
      const kind = await page.getAttribute(`#board .term[data-term="${m.component}"]`, 'data-kind');
      await clickMove(m.component, kind, m.from, m.to);
      state = await waitTurn();
      const reply = JSON.parse(grundy('move', '--json', best.position_after).out);
      const now = await page.getAttribute('#game', 'data-position');
      if (state === 'human') check(now === reply.position_after,
                                   `${lang} ${pos}: after ${best.position_after} grundy plays ${reply.position_after}, the page shows ${now}`);
      else check(reply.over, `${lang} ${pos}: the game ends when the CLI says so (${best.position_after})`);
    }
    const end = await page.textContent('#play-status');
    check(state === 'over' && end === (lang === 'zh' ? '对局结束：你赢了！' : 'The game is over: you win!'), `${lang} ${pos}: ${state}, ${end}`);
    const said = await page.$$eval('#log li', (l) => l.map((x) => x.textContent).join('\n'));
    if (lang === 'zh') check(!/[a-z]{4,}/.test(said.replace(/grundy|kayles|wythoff|cram|nodekayles|arckayles|grid|tb\[[^\]]*\]/g, '')) && !/[:;.] /.test(said),
                             `the Chinese log has Chinese punctuation: ${said}`);
  }

// the same drawings in misère and Every-SG play (in Every-SG a click chooses
// each term's move, then "Play these moves")
for (const [mode, pos] of [['misere', 'kayles(4,3) + wythoff(2,3)'], ['every', 'kayles(4) + wythoff(2,3) + 2']]) {
  check(JSON.parse(grundy('solve', '--json', '--' + mode, pos).out).outcome === 'N', `${pos} is an N-position in ${mode} play`);
  await page.goto(url + 'index.html#view=play&pmode=' + mode + '&ppos=' + encodeURIComponent(pos) + '&lang=en');
  await page.reload();
  let state = await waitTurn(), turns = 0;
  while (state === 'human' && turns++ < 30) {
    const here = await page.getAttribute('#game', 'data-position');
    const best = JSON.parse(grundy('move', '--json', '--' + mode, here).out);
    for (const m of best.move) {
      const kind = await page.getAttribute(`#board .term[data-term="${m.component}"]`, 'data-kind');
      await clickMove(m.component, kind, m.from, m.to);
    }
    if (mode === 'every') await page.click('#play-every');
    state = await waitTurn();
    const reply = JSON.parse(grundy('move', '--json', '--' + mode, best.position_after).out);
    const now = await page.getAttribute('#game', 'data-position');
    if (state === 'human') check(now === reply.position_after, `${mode} ${pos}: after ${best.position_after} grundy plays ${reply.position_after}, the page shows ${now}`);
    else check(reply.over || mode === 'misere', `${mode} ${pos}: the game ends (${best.position_after})`);
  }
  check(state === 'over' && (await page.textContent('#play-status')) === 'The game is over: you win!', `${mode} ${pos}: ${state}`);
}

// 10. the page follows its address: a new hash switches position and
// language without a reload; back and forward return
await page.goto(url + 'index.html#pos=kayles(7)%2B3');
await page.reload();
await page.waitForFunction(() => document.getElementById('value').textContent === '1', null, { timeout: T });
await idle();
await page.evaluate(() => { window.sameDocument = 1; location.hash = '#pos=3%2B5&lang=zh'; });
await page.waitForFunction(() => document.getElementById('value').textContent === '6', null, { timeout: T });
check(await page.evaluate(() => window.sameDocument) === 1, 'no reload on a hash change');
check(await page.inputValue('#pos') === '3+5' && await page.textContent('.tab[data-view=solve]') === '求解', 'the hash change set the position and the language');
await idle();
await page.click('.tab[data-view=seq]');
await page.waitForSelector('#seq-result:not([hidden])', { timeout: T });
await idle();
await page.goBack();
await page.waitForFunction(() => !document.getElementById('view-solve').hidden, null, { timeout: T });
check(await page.inputValue('#pos') === '3+5', 'back returns to Solve');
await page.goBack();
await page.waitForFunction(() => document.getElementById('value').textContent === '1', null, { timeout: T });
check(await page.textContent('.tab[data-view=solve]') === 'Solve' && await page.evaluate(() => window.sameDocument) === 1,
      'back again: kayles(7)+3 in English, still without a reload');
await page.goForward();
await page.waitForFunction(() => document.getElementById('value').textContent === '6', null, { timeout: T });
check(await page.textContent('.tab[data-view=solve]') === '求解', 'forward: 3+5 in Chinese');

// 11. Chinese error lines: the CLI's message, its frame and phrases in Chinese
for (const [bad, zh] of [['kayles(', 'grundy：错误：第 8 列：应为一个数，实际是 输入的末尾'], ['sub[1,,2](5)', "grundy：错误：第 7 列：应为一个数，实际是 ','"],
                         ['3 + -1', 'grundy：错误：第 5 列：不允许负数：堆的大小为 0 到 2^64-1'], ['foo(3)', "grundy：错误：第 1 列：未知的游戏 'foo'（见 'grundy help rulesets'）"],
                         ['kayles(3))', "grundy：错误：第 10 列：两项之间应该有 '+'，实际是 ')'"], ['sub[](5)', 'grundy：错误：第 5 列：减法集合为空：至少要给一个正整数']]) {
  await page.fill('#pos', bad);
  await page.click('#solve');
  await page.waitForSelector('#solve-error:not([hidden])', { timeout: T });
  await idle();
  const shownErr = await page.textContent('#solve-error');
  check(shownErr === zh && (await page.getAttribute('#solve-error', 'data-text')) === grundy('solve', bad).err.trim(), `the Chinese error for ${bad}: ${shownErr}`);
}

// 12. nothing runs out of its box, on a wide screen and on a phone, in both languages
async function overflows() {
  return page.evaluate(() => {
    const bad = [], doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 1) bad.push(`the page is ${doc.scrollWidth} px wide`);
    const clip = (e) => { for (let a = e.parentElement; a; a = a.parentElement) { const o = getComputedStyle(a).overflowX; if (o !== 'visible') return a; } return document.body; };
    for (const e of document.querySelectorAll('body *')) {
      if (!e.offsetParent && getComputedStyle(e).position !== 'fixed') continue;
      if (![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
      const r = e.getBoundingClientRect(), c = clip(e).getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > c.right + 1 || r.left < c.left - 1) bad.push(`${e.tagName}#${e.id}.${e.className}: ${e.textContent.slice(0, 40)}`);
      if (getComputedStyle(e).overflowX === 'visible' && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).display !== 'inline')
        bad.push(`${e.tagName}#${e.id}.${e.className} overflows: ${e.textContent.slice(0, 40)}`);
    }
    return bad;
  });
}
for (const width of [1280, 390])
  for (const lang of ['en', 'zh'])
    for (const [view, hash] of [['solve', 'pos=1%20%2B%201%20%2B%202&mode=misere'], ['seq', 'view=seq&rule=kayles&n=200'],
                                ['table', 'view=table&trule=wythoff&w=30&h=30'], ['play', 'view=play&ppos=kayles(5)%20%2B%20wythoff(4,6)%20%2B%20cram(2,3)']]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url + `index.html#${hash}&lang=${lang}`);
      await page.reload();
      await page.waitForTimeout(300);
      await idle();
      if (view === 'table') {
        const b = await page.$eval('#heat', (c) => { const r = c.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; });
        await page.mouse.click(b.x, b.y);
        await explained('cell-explain');
      }
      if (view === 'solve') await explained('explain');
      const bad = await overflows();
      check(bad.length === 0, `${view} at ${width} px (${lang}): ${bad.slice(0, 5).join(' | ')}`);
      await page.screenshot({ path: join(shots, `${view}-${width}-${lang}.png`), fullPage: true });
    }
await page.setViewportSize({ width: 1100, height: 900 });

check(errors.length === 0, `no script errors: ${errors}`);
await browser.close();
console.log(`web_test: ${checks} checks, ${checks - fails} passed, ${fails} failed; screenshots in ${shots}`);
process.exit(fails ? 1 : 0);
