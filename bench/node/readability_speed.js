#!/usr/bin/env node
// Speed baseline for bench/extract_speed: the usual JavaScript page-to-Markdown pipeline, jsdom +
// Mozilla Readability + Turndown, measured under the same protocol. Every page is loaded into
// memory first; only the conversion loop is timed. Prints one JSON object with the same fields.
//
//   node readability_speed.js [--repeat N] [--per-page] [--manifest FILE] [FILE...]
//
// A manifest has one page per line, "path<TAB>url" (url optional); .gz files are decompressed
// at load time.
'use strict';

const fs = require('fs');
const zlib = require('zlib');
const { JSDOM, VirtualConsole } = require('jsdom');
const { Readability } = require('@mozilla/readability');
const TurndownService = require('turndown');

function fail(message) {
  process.stderr.write(`readability_speed: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const args = { repeat: 1, perPage: false, pages: [] };
  for (let i = 0; i < argv.length; ++i) {
    const word = argv[i];
    const hasValue = i + 1 < argv.length;
    if (word === '--repeat' && hasValue) {
      args.repeat = Number.parseInt(argv[++i], 10);
      if (!(args.repeat >= 1)) fail('--repeat needs a positive number');
    } else if (word === '--manifest' && hasValue) {
      for (const line of fs.readFileSync(argv[++i], 'utf8').split('\n')) {
        const trimmed = line.replace(/\r$/, '');
        if (!trimmed) continue;
        const tab = trimmed.indexOf('\t');
        args.pages.push(tab < 0 ? { path: trimmed, url: '' } : { path: trimmed.slice(0, tab), url: trimmed.slice(tab + 1) });
      }
    } else if (word === '--per-page') {
      args.perPage = true;
    } else if (word === '-h' || word === '--help') {
      process.stdout.write('usage: readability_speed.js [--repeat N] [--per-page] [--manifest FILE] [FILE...]\n');
      process.exit(0);
    } else if (word.startsWith('-')) {
      fail(`unknown option ${word}`);
    } else {
      args.pages.push({ path: word, url: '' });
    }
  }
  if (args.pages.length === 0) fail('no pages given');
  return args;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function main() {
  const args = parseArgs(process.argv.slice(2));

  let totalBytes = 0;
  for (const page of args.pages) {
    const raw = fs.readFileSync(page.path);
    // Kept as bytes, not a string: jsdom then sniffs the encoding itself, as pagemd does.
    page.html = page.path.endsWith('.gz') ? zlib.gunzipSync(raw) : raw;
    totalBytes += page.html.length;
  }
  const rssAfterLoadKb = Math.round(process.memoryUsage().rss / 1024);

  // Page scripts are never run (jsdom's default) and CSS parse errors are silenced rather than
  // printed, as a server-side converter would do.
  const virtualConsole = new VirtualConsole();
  // One converter for all pages, which favours the baseline slightly.
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });

  const runSeconds = [];
  const pageSeconds = args.perPage ? new Array(args.pages.length).fill(0) : null;
  let failures = 0;
  let markdownBytes = 0;

  for (let run = 0; run < args.repeat; ++run) {
    const runStart = process.hrtime.bigint();
    for (let i = 0; i < args.pages.length; ++i) {
      const page = args.pages[i];
      const pageStart = args.perPage ? process.hrtime.bigint() : 0n;
      let dom = null;
      try {
        dom = new JSDOM(page.html, page.url ? { url: page.url, virtualConsole } : { virtualConsole });
        const article = new Readability(dom.window.document).parse();
        if (article && article.content) {
          markdownBytes += turndown.turndown(article.content).length;
        } else {
          ++failures;
        }
      } catch (e) {
        ++failures;
      } finally {
        // Without close() timers and listeners of each window stay reachable and memory grows.
        if (dom) dom.window.close();
      }
      if (pageSeconds) pageSeconds[i] += Number(process.hrtime.bigint() - pageStart) / 1e9;
    }
    runSeconds.push(Number(process.hrtime.bigint() - runStart) / 1e9);
  }

  const seconds = runSeconds.reduce((a, b) => a + b, 0);
  const conversions = args.pages.length * args.repeat;
  const megabytes = (totalBytes * args.repeat) / 1e6;
  const out = {
    tool: 'readability+turndown',
    versions: {
      node: process.versions.node,
      jsdom: require('jsdom/package.json').version,
      readability: require('@mozilla/readability/package.json').version,
      turndown: require('turndown/package.json').version,
    },
    pages: args.pages.length,
    bytes: totalBytes,
    repeat: args.repeat,
    conversions,
    failures,
    markdown_bytes: markdownBytes,
    seconds,
    run_seconds: runSeconds,
    median_run_seconds: median(runSeconds),
    pages_per_s: seconds > 0 ? conversions / seconds : 0,
    mb_per_s: seconds > 0 ? megabytes / seconds : 0,
    rss_after_load_kb: rssAfterLoadKb,
    peak_rss_kb: process.resourceUsage().maxRSS, // kilobytes
  };
  if (pageSeconds) {
    out.per_page = args.pages.map((page, i) => ({ path: page.path, bytes: page.html.length, ms: (pageSeconds[i] * 1000) / args.repeat }));
  }
  process.stdout.write(JSON.stringify(out, null, 2) + '\n');
}

main();
