// The call graph webview's page (graph-view.ts): strict CSP — nothing inline, one script with a
// nonce, styles and images only from the webview's own resource origin (media/). Pure.

export interface GraphHtmlInput {
  cspSource: string;
  nonce: string;
  scriptUri: string;
  styleUri: string;
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function graphHtml({ cspSource, nonce, scriptUri, styleUri }: GraphHtmlInput): string {
  const csp = `default-src 'none'; style-src ${cspSource}; img-src ${cspSource}; script-src 'nonce-${nonce}';`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${attr(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${attr(styleUri)}">
<title>Call Graph</title>
</head>
<body>
<div class="toolbar">
  <button id="fit" type="button" title="Fit the graph to the view">Fit</button>
  <span class="legend"><span class="swatch flag-11"></span>(1,1) <span class="swatch flag-10"></span>(1,0) <span class="swatch flag-01"></span>(0,1) <span class="swatch flag-00"></span>no failure invariants <span class="swatch suspicious"></span>ranked</span>
  <span id="status"></span>
</div>
<svg id="graph" class="conlens-graph" role="img" aria-label="Call graph"></svg>
<script nonce="${attr(nonce)}" src="${attr(scriptUri)}"></script>
</body>
</html>`;
}
