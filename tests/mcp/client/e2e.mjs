// End-to-end test of pagemd's two MCP servers with the official TypeScript SDK client:
// `pagemd mcp` on stdio (through the daemon) and pagemdd's POST /mcp (Streamable HTTP).
//
//   node e2e.mjs PAGEMD PAGEMDD
//
// Runs a local origin and a real pagemdd on loopback; ctest runs it inside a loopback-only network
// namespace (tests/support/loopback_only_run.cpp), since it hands a private address to both servers.
// Exits 0 when every check holds, 1 with the failures listed otherwise.

import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [pagemd, pagemdd] = process.argv.slice(2);
if (!pagemd || !pagemdd) {
  console.error("usage: node e2e.mjs PAGEMD PAGEMDD");
  process.exit(2);
}

const failures = [];
function check(condition, what) {
  if (!condition) failures.push(what);
}

const paragraphs = Array.from({ length: 12 }, (_, i) =>
  `<p>Paragraph ${i + 1} of the river story: the water rose through the valley for three days, and the ` +
  `people of the village moved their boats, their animals and their winter stores to the higher fields.</p>`).join("");
const ARTICLE = `<html><head><title>The River Story</title></head><body><nav><a href="/">Home</a></nav>` +
  `<article><h1>The River Story</h1>${paragraphs}<p>More at <a href="/more">the archive</a>.</p></article>` +
  `<footer>Copyright the valley paper</footer></body></html>`;

// A two-page PDF of the repository's fixtures (tests/data/pdf/make_fixtures.py).
const DATA = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "data");
const REPORT = readFileSync(join(DATA, "pdf", "article.pdf"));
// A bot challenge, served as Cloudflare serves it.
const CHALLENGE = readFileSync(join(DATA, "walls", "cloudflare-managed-challenge.html"));

function startOrigin() {
  const server = http.createServer((request, response) => {
    if (request.url === "/article") {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.end(ARTICLE);
    } else if (request.url === "/challenge") {
      response.writeHead(403, { "Content-Type": "text/html; charset=UTF-8", Server: "cloudflare", "cf-mitigated": "challenge" });
      response.end(CHALLENGE);
    } else if (request.url === "/report.pdf") {
      response.writeHead(200, { "Content-Type": "application/pdf" });
      response.end(REPORT);
    } else {
      response.writeHead(404, { "Content-Type": "text/plain" });
      response.end("not here");
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function startDaemon(dataDir) {
  const daemon = spawn(pagemdd, ["--config", "/dev/null", "--data-dir", dataDir, "--listen", "127.0.0.1:0",
    "--allow-private-targets", "127.0.0.0/8", "--log-level", "info"], { stdio: ["ignore", "ignore", "pipe"] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("pagemdd did not start listening")), 15000);
    createInterface({ input: daemon.stderr }).on("line", (line) => {
      const found = /listening on 127\.0\.0\.1:(\d+)/.exec(line);
      if (found) {
        clearTimeout(timer);
        resolve({ daemon, port: Number(found[1]) });
      }
    });
    daemon.on("exit", (code) => reject(new Error(`pagemdd exited with ${code}`)));
  });
}

// The same checks through either transport.
async function exerciseTools(name, client, origin) {
  const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
  check(JSON.stringify(tools) === JSON.stringify(["convert_html", "extract", "usage"]), `${name}: tools ${tools}`);

  const page = await client.callTool({ name: "extract", arguments: { url: `${origin}/article` } });
  check(page.isError === false, `${name}: extract failed: ${JSON.stringify(page.content)}`);
  const markdown = page.content?.[0]?.text ?? "";
  check(markdown.startsWith("# The River Story"), `${name}: extract markdown starts ${markdown.slice(0, 40)}`);
  check(!markdown.includes("Copyright"), `${name}: extract kept the footer`);
  const meta = page.structuredContent ?? {};
  check(meta.title === "The River Story", `${name}: title ${meta.title}`);
  check(meta.final_url === `${origin}/article`, `${name}: final_url ${meta.final_url}`);
  check(meta.word_count > 200, `${name}: word_count ${meta.word_count}`);
  check(meta.language === "en" && meta.language_tag === "en", `${name}: language ${meta.language}`);
  check(JSON.stringify(meta.links) === JSON.stringify([`${origin}/more`]), `${name}: links ${meta.links}`);
  check(meta.rendered === false && meta.page_type === "article", `${name}: rendered/page_type`);
  check(meta.content_type === "text/html" && meta.page_count === undefined, `${name}: content_type ${meta.content_type}`);

  // A PDF comes back like a page (the client checks structuredContent against the tool's outputSchema).
  const pdf = await client.callTool({ name: "extract", arguments: { url: `${origin}/report.pdf` } });
  check(pdf.isError === false, `${name}: extract of a PDF failed: ${JSON.stringify(pdf.content)}`);
  const pdfText = pdf.content?.[0]?.text ?? "";
  check(pdfText.startsWith("# Growing Onions in Cold Frames"), `${name}: PDF markdown starts ${pdfText.slice(0, 40)}`);
  const pdfMeta = pdf.structuredContent ?? {};
  check(pdfMeta.content_type === "application/pdf", `${name}: PDF content_type ${pdfMeta.content_type}`);
  check(pdfMeta.page_count === 2 && pdfMeta.page_type === "document",
    `${name}: PDF page_count ${pdfMeta.page_count}, page_type ${pdfMeta.page_type}`);

  const html = await client.callTool({
    name: "convert_html",
    arguments: { html: "<title>Given</title><p>Some <a href='/x'>given</a> HTML.</p>", base_url: "https://example.com/" },
  });
  check(html.isError === false, `${name}: convert_html failed: ${JSON.stringify(html.content)}`);
  check(html.content?.[0]?.text.includes("[given](https://example.com/x)"), `${name}: convert_html ${html.content?.[0]?.text}`);
  check(html.structuredContent?.title === "Given", `${name}: convert_html title`);

  const usage = await client.callTool({ name: "usage", arguments: {} });
  check(usage.isError === false && usage.structuredContent?.used >= 1, `${name}: usage ${JSON.stringify(usage)}`);

  // A private address is refused by the guard before any connection, as a tool error.
  const refused = await client.callTool({ name: "extract", arguments: { url: "http://10.0.0.1/admin" } });
  check(refused.isError === true, `${name}: a private address was not refused`);
  check(refused.content?.[0]?.text.includes("url_not_allowed"), `${name}: refusal says ${refused.content?.[0]?.text}`);
  const missing = await client.callTool({ name: "extract", arguments: { url: `${origin}/missing` } });
  check(missing.isError === true && missing.content?.[0]?.text.includes("fetch_failed"),
    `${name}: a 404 page: ${missing.content?.[0]?.text}`);

  // A challenge is a tool error saying the site blocked the request; accept_walls converts it as it is.
  const blocked = await client.callTool({ name: "extract", arguments: { url: `${origin}/challenge` } });
  const blockedText = blocked.content?.[0]?.text ?? "";
  check(blocked.isError === true && blockedText.startsWith("page_blocked: The site blocked the request"),
    `${name}: a challenge page: ${blockedText}`);
  const accepted = await client.callTool({ name: "extract", arguments: { url: `${origin}/challenge`, accept_walls: true } });
  check(accepted.isError === false, `${name}: accept_walls failed: ${JSON.stringify(accepted.content)}`);
  check(JSON.stringify(accepted.structuredContent?.wall) === JSON.stringify({ code: "page_blocked", vendor: "cloudflare" }),
    `${name}: accepted wall ${JSON.stringify(accepted.structuredContent?.wall)}`);
  check((accepted.content?.[0]?.text ?? "").includes("Checking if the site connection is secure"),
    `${name}: accepted wall's markdown ${accepted.content?.[0]?.text}`);

  // Bad arguments are a protocol error (-32602), and the server goes on.
  let rejected = null;
  try {
    await client.callTool({ name: "extract", arguments: { link: "https://example.com/" } });
  } catch (error) {
    rejected = error;
  }
  check(rejected?.code === -32602, `${name}: bad arguments gave ${rejected?.code ?? "no error"}`);
  let notBoolean = null;
  try {
    await client.callTool({ name: "extract", arguments: { url: `${origin}/challenge`, accept_walls: "yes" } });
  } catch (error) {
    notBoolean = error;
  }
  check(notBoolean?.code === -32602, `${name}: accept_walls "yes" gave ${notBoolean?.code ?? "no error"}`);
  check((await client.listTools()).tools.length === 3, `${name}: server stopped after a bad call`);
}

// A malformed line to `pagemd mcp` gets a parse error, and the next line its answer.
async function malformedLineOverStdio(env) {
  const server = spawn(pagemd, ["mcp"], { env, stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: server.stdout });
  const answers = [];
  const done = new Promise((resolve) => lines.on("line", (line) => {
    answers.push(JSON.parse(line));
    if (answers.length === 2) resolve();
  }));
  server.stdin.write("this is not json\n");
  server.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) + "\n");
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 10000))]);
  server.stdin.end();
  check(answers[0]?.error?.code === -32700 && answers[0]?.id === null, `stdio: malformed line got ${JSON.stringify(answers[0])}`);
  check(answers[1]?.id === 1 && answers[1]?.result !== undefined, `stdio: the next line got ${JSON.stringify(answers[1])}`);
}

async function malformedAndForeignOverHttp(endpoint, key) {
  const post = (body, headers = {}) => fetch(endpoint, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    body,
  });
  const garbage = await post("this is not json");
  check(garbage.status === 400 && (await garbage.json()).error?.code === -32700, `http: malformed body got ${garbage.status}`);
  const foreign = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }), { Origin: "http://evil.example" });
  check(foreign.status === 403, `http: a foreign Origin got ${foreign.status}`);
  const anonymous = await fetch(endpoint, { method: "POST", body: "{}" });
  check(anonymous.status === 401, `http: no key got ${anonymous.status}`);
  const noSession = await post(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }));
  check(noSession.status === 400, `http: no session got ${noSession.status}`);
}

const scratch = mkdtempSync(join(tmpdir(), "pagemd-mcp-e2e-"));
let daemon = null;
let origin = null;
try {
  const dataDir = join(scratch, "data");
  const account = JSON.parse(execFileSync(pagemdd, ["account", "create", "--data-dir", dataDir, "--json"]).toString());
  origin = await startOrigin();
  const originUrl = `http://127.0.0.1:${origin.address().port}`;
  const started = await startDaemon(dataDir);
  daemon = started.daemon;
  const base = `http://127.0.0.1:${started.port}`;

  // stdio: pagemd mcp through the daemon, with the key from the environment.
  const env = { PATH: process.env.PATH, HOME: scratch, PAGEMD_API_KEY: account.key, PAGEMD_URL: `${base}/api/v1` };
  const stdioClient = new Client({ name: "pagemd-e2e", version: "1.0.0" });
  await stdioClient.connect(new StdioClientTransport({ command: pagemd, args: ["mcp"], env, stderr: "inherit" }));
  await exerciseTools("stdio", stdioClient, originUrl);
  await stdioClient.close();
  await malformedLineOverStdio(env);

  // Streamable HTTP: the daemon's own endpoint.
  const httpClient = new Client({ name: "pagemd-e2e", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${account.key}` } },
  });
  await httpClient.connect(transport);
  check(typeof transport.sessionId === "string" && transport.sessionId.length === 32, `http: session id ${transport.sessionId}`);
  await exerciseTools("http", httpClient, originUrl);
  await httpClient.close();
  await malformedAndForeignOverHttp(`${base}/mcp`, account.key);
} catch (error) {
  failures.push(`unexpected: ${error.stack ?? error}`);
} finally {
  daemon?.kill();
  origin?.closeAllConnections();
  origin?.close();
  rmSync(scratch, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`mcp e2e: ${failures.length} failed:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("mcp e2e: stdio and Streamable HTTP passed with @modelcontextprotocol/sdk");
process.exit(0);  // without waiting for idle keep-alive connections to time out
