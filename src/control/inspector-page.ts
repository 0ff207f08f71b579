/**
 * The inspector page: plain HTML, CSS and script in one string, served at `GET /__mock/`. It reads
 * `/__mock/overview` and `/__mock/requests` (marked `x-mock-journal: skip` so its polling stays out of the journal)
 * and drives reset, clock advance and state download through the control routes. On a server with a control token,
 * open it as `/__mock/#token=<token>` (the CLI prints that link): the fragment never leaves the browser, the page
 * sends the token in `x-mock-control-token` and takes it out of the address bar.
 */
export const INSPECTOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>collab-service-mock inspector</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  :root { font: 13px/1.4 system-ui, sans-serif; color: #1d2330; background: #f4f5f8; }
  body { margin: 0; }
  header { display: flex; gap: 12px; align-items: center; padding: 10px 16px; background: #1d2330; color: #fff; flex-wrap: wrap; }
  header h1 { font-size: 15px; margin: 0 12px 0 0; }
  header button, header input { font: inherit; padding: 3px 8px; }
  header input { width: 90px; }
  #status { margin-left: auto; font-family: ui-monospace, monospace; }
  main { display: grid; grid-template-columns: repeat(auto-fill, minmax(400px, 1fr)); gap: 12px; padding: 12px 16px; }
  section { background: #fff; border: 1px solid #d9dce3; border-radius: 6px; padding: 8px 10px; overflow: auto; max-height: 320px; }
  section.wide { grid-column: 1 / -1; max-height: 240px; }
  h2 { font-size: 13px; margin: 0 0 6px; }
  h2 small { font-weight: normal; color: #667; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 2px 6px; border-bottom: 1px solid #eef0f4; vertical-align: top; font-family: ui-monospace, monospace; font-size: 12px; white-space: nowrap; }
  td.lines { white-space: pre; }
  th { font-family: inherit; color: #556; position: sticky; top: 0; background: #fff; }
  tr.error td { color: #a11; }
  tr.disabled td { color: #99a; }
  tr.disabled td.state { color: #a11; font-weight: 600; }
  .empty { color: #889; font-style: italic; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 0; font-family: ui-monospace, monospace; font-size: 12px; }
  dt { color: #556; }
  dd { margin: 0; white-space: nowrap; overflow-x: auto; }
  dd small { display: block; color: #667; }
  button:disabled, input:disabled { opacity: 0.5; }
</style>
</head>
<body>
<header>
  <h1>collab-service-mock inspector</h1>
  <button id="reset" type="button">Reset state</button>
  <label>advance clock <input id="advance-ms" type="number" min="0" value="60000"> ms</label>
  <button id="advance" type="button">Advance</button>
  <button id="download" type="button">Download state</button>
  <span id="status">loading…</span>
</header>
<main>
  <section class="wide"><h2>Requests <small>(live journal, newest first)</small></h2><div id="journal"></div></section>
  <section><h2>Credentials</h2><dl id="credentials"></dl></section>
  <section><h2>Organizations <small id="count-organizations"></small></h2><div id="organizations"></div></section>
  <section><h2>Documents <small id="count-documents"></small></h2><div id="documents"></div></section>
  <section><h2>Users <small id="count-users"></small></h2><div id="users"></div></section>
  <section><h2>Notifications</h2><div id="notifications"></div></section>
  <section><h2>Comments</h2><div id="comments"></div></section>
  <section><h2>Shared editors</h2><div id="editors"></div></section>
  <section><h2>Webhook endpoints</h2><div id="webhooks"></div></section>
  <section class="wide"><h2>Webhook deliveries <small id="count-deliveries"></small></h2><div id="deliveries"></div></section>
  <section><h2>Knowledge sources</h2><div id="knowledge"></div></section>
  <section><h2>Memory alerts</h2><div id="alerts"></div></section>
  <section><h2>Agents</h2><div id="agents"></div></section>
  <section><h2>Agent executions <small>(newest first)</small></h2><div id="agentExecutions"></div></section>
  <section><h2>Workflow definitions <small id="count-workflow-definitions"></small></h2><div id="workflow-definitions"></div></section>
  <section class="wide"><h2>Workflow executions <small id="count-workflow-executions"></small></h2><div id="workflow-executions"></div></section>
</main>
<script>
(() => {
  const base = location.pathname.replace(/\\/+$/, '');
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  if (token !== null) history.replaceState(null, '', location.pathname + location.search);
  const auth = token === null ? {} : { 'x-mock-control-token': token };
  const quiet = { 'x-mock-journal': 'skip', ...auth };
  const $ = (id) => document.getElementById(id);
  const text = (v) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  function table(target, rows, columns, rowClass) {
    const el = $(target);
    el.textContent = '';
    if (!rows.length) { const p = document.createElement('p'); p.className = 'empty'; p.textContent = 'none'; el.append(p); return; }
    const t = document.createElement('table');
    const head = t.createTHead().insertRow();
    for (const c of columns) { const th = document.createElement('th'); th.textContent = c; head.append(th); }
    const body = t.createTBody();
    for (const row of rows) {
      const tr = body.insertRow();
      if (rowClass) tr.className = rowClass(row);
      for (const c of columns) {
        const cell = tr.insertCell();
        cell.textContent = text(row[c]);
        if (c === 'state' || c === 'attempts') cell.className = c === 'state' ? 'state' : 'lines';
      }
    }
    el.append(t);
  }
  async function call(method, path, body) {
    // The page's own reads stay out of the journal; what a button changes is recorded like any call.
    const init = { method, headers: method === 'GET' ? { ...quiet } : { ...auth } };
    if (body !== undefined) { init.headers['content-type'] = 'application/json'; init.body = JSON.stringify(body); }
    const response = await fetch(base + path, init);
    const json = await response.json().catch(() => null);
    if (!response.ok) throw new Error((json && json.error && json.error.message) || response.statusText);
    return json;
  }
  const status = (message) => { $('status').textContent = message; };
  async function refresh() {
    const o = await call('GET', '/overview');
    status(o.clock.iso + ' (' + o.clock.kind + ' clock)');
    // The system clock follows the host; only a virtual clock can be moved.
    const fixed = o.clock.kind !== 'virtual';
    for (const id of ['advance', 'advance-ms']) {
      $(id).disabled = fixed;
      $(id).title = fixed ? 'The system clock follows the host; start the server with --clock virtual to move it.' : '';
    }
    const dl = $('credentials');
    dl.textContent = '';
    for (const key of ['workspaceId', 'workspaceAuthToken', 'apiKey', 'authToken']) {
      const dt = document.createElement('dt'); dt.textContent = key;
      const dd = document.createElement('dd'); dd.textContent = o.credentials[key];
      const name = document.createElement('small'); name.textContent = o.headers[key];
      dd.append(name);
      dl.append(dt, dd);
    }
    for (const k of ['organizations', 'documents', 'users']) $('count-' + k).textContent = '(' + o.counts[k] + ')';
    $('count-deliveries').textContent = '(' + o.counts.webhookDeliveries + ', newest first)';
    const state = (row) => ({ ...row, state: row.disabled ? 'disabled' : 'active' });
    const disabled = (row) => (row.disabled ? 'disabled' : '');
    table('organizations', o.organizations.map(state), ['organizationId', 'state', 'users', 'documents', 'groups', 'notifications', 'commentThreads'], disabled);
    table('documents', o.documents.map(state), ['organizationId', 'documentId', 'state', 'documentName', 'users'], disabled);
    table('users', o.users, ['organizationId', 'userId', 'name', 'email']);
    table('notifications', o.notifications, ['organizationId', 'documentId', 'id', 'recipients', 'headline']);
    table('comments', o.comments, ['organizationId', 'documentId', 'annotationId', 'comments', 'first']);
    table('editors', o.editors, ['organizationId', 'documentId', 'editorId', 'content']);
    table('webhooks', o.webhookEndpoints, ['id', 'url', 'disabled', 'filterTypes']);
    const attempt = (a, i) => '#' + (i + 1) + ' ' + a.at.slice(11, 19) + ' ' + (a.statusCode === null ? 'no reply: ' + a.error : a.statusCode);
    table('deliveries', o.webhookDeliveries.map((d) => ({ ...d, created: d.createdAt.slice(11, 19), next: d.nextAttemptAt ? d.nextAttemptAt.slice(11, 19) : '', attempts: d.attempts.map(attempt).join('\\n') || 'none yet' })),
      ['created', 'event', 'url', 'status', 'attempts', 'next'], (d) => (d.status === 'failed' ? 'error' : ''));
    table('knowledge', o.knowledgeSources, ['id', 'fileName', 'embeddingStatus', 'rules', 'chunks', 'version']);
    table('alerts', o.alerts, ['id', 'alertType', 'severity', 'status', 'title']);
    table('agents', o.agents, ['id', 'name', 'version', 'enabled', 'executionCount']);
    table('agentExecutions', o.agentExecutions, ['id', 'status', 'documentId', 'findings', 'startedAt']);
    $('count-workflow-definitions').textContent = '(' + o.workflowCounts.definitions + ')';
    $('count-workflow-executions').textContent = '(' + o.workflowCounts.executions + ')';
    table('workflow-definitions', o.workflowDefinitions, ['definitionId', 'name', 'version', 'nodes', 'updatedAt']);
    table('workflow-executions', o.workflowExecutions, ['executionId', 'definitionId', 'version', 'status', 'startedAt', 'steps', 'open', 'events']);
  }
  let lastId = 0;
  const requests = [];
  async function poll() {
    const j = await call('GET', '/requests?since=' + lastId);
    for (const r of j.requests) { requests.unshift(r); lastId = r.id; }
    requests.length = Math.min(requests.length, 200);
    table('journal', requests.map((r) => ({ ...r, time: r.at.slice(11, 23), error: r.errorStatus ? r.errorStatus + ': ' + r.message : '', ms: r.durationMs })),
      ['id', 'time', 'method', 'path', 'status', 'ms', 'error', 'hint'], (r) => (r.status >= 400 ? 'error' : ''));
    if (j.requests.length) await refresh();
  }
  async function act(work, done) {
    try { await work(); await refresh(); if (done) status(done); } catch (error) { status('failed: ' + error.message); }
  }
  $('reset').onclick = () => act(() => call('POST', '/reset'), 'state reset');
  $('advance').onclick = () => act(() => call('POST', '/clock/advance', { ms: Number($('advance-ms').value) }));
  $('download').onclick = () => act(async () => {
    const response = await fetch(base + '/state', { headers: quiet });
    const blob = await response.blob();
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'collab-service-mock-state.json';
    document.body.append(a);
    a.click();
    a.remove();
  });
  refresh().then(poll).catch((error) => status('failed: ' + error.message)).finally(() => {
    window.inspectorReady = true;
    setInterval(() => poll().catch((error) => status('failed: ' + error.message)), 1000);
  });
})();
</script>
</body>
</html>
`;
