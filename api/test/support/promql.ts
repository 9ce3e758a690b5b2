/**
 * What the alert-rules test reads out of the operator's files without a YAML or PromQL library:
 * the rules' expressions, the metric names and label values a PromQL expression uses, and the
 * metric names an exposition (a /metrics answer) declares.
 */

/**
 * Every `expr:` of a rules file, single-line or a block (`expr: |`). The test holds their number
 * to promtool's count of the rules, so a rule this reading missed fails it.
 */
export function ruleExpressions(yamlText: string): string[] {
  const lines = yamlText.split("\n");
  const found: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const match = (lines[i] ?? "").match(/^(\s*)(?:- )?expr:\s*(.*)$/);
    if (!match) continue;
    const indent = (match[1] ?? "").length;
    const rest = (match[2] ?? "").trim();
    if (/^[|>][-+]?$/.test(rest)) {
      const body: string[] = [];
      while (i + 1 < lines.length) {
        const next = lines[i + 1] ?? "";
        if (next.trim() !== "" && next.search(/\S/) <= indent) break;
        body.push(next);
        i++;
      }
      found.push(body.join("\n").trim());
    } else {
      found.push(rest.replace(/^(["'])(.*)\1$/, "$2"));
    }
  }
  return found;
}

/** PromQL's words that are neither a metric nor a function. */
const KEYWORDS = new Set([
  "and",
  "or",
  "unless",
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "offset",
  "bool",
  "inf",
  "nan",
]);

/**
 * The metric names a PromQL expression selects. Grafana's `label_values(selector, label)` is read
 * as its selector; its variables ($instance, $__rate_interval) stand for values, never for names.
 */
export function metricNames(expression: string): Set<string> {
  const labelValues = expression.trim().match(/^label_values\((.*),\s*\w+\)$/s);
  const text = (labelValues?.[1] ?? expression)
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ")
    .replace(/\$\{?\w+\}?/g, " ");
  const names = new Set<string>();
  for (const match of text.matchAll(/(\d+(?:\.\d+)?(?:e[+-]?\d+)?[a-z]*)|([a-zA-Z_:][\w:]*)(\s*\()?/g)) {
    const [, number, word, call] = match;
    if (number || !word || call || KEYWORDS.has(word.toLowerCase())) continue;
    names.add(word);
  }
  return names;
}

/** Each value a label is matched against in an expression (`label="v"` or each alternative of `label=~"a|b"`). */
export function labelValues(expression: string, label: string): Set<string> {
  const values = new Set<string>();
  for (const match of expression.matchAll(new RegExp(`\\b${label}\\s*(=~|=)\\s*"([^"]*)"`, "g"))) {
    const [, operator, value = ""] = match;
    for (const v of operator === "=~" ? value.split("|") : [value]) values.add(v);
  }
  return values;
}

/** The sample names an exposition declares: a histogram's _bucket, _sum and _count, a summary's quantiles too. */
export function exposedNames(exposition: string): Set<string> {
  const names = new Set<string>();
  for (const match of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, name = "", type] = match;
    names.add(name);
    if (type === "histogram") for (const suffix of ["_bucket", "_sum", "_count"]) names.add(name + suffix);
    if (type === "summary") for (const suffix of ["_sum", "_count"]) names.add(name + suffix);
  }
  return names;
}
