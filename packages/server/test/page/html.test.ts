// The template layer: every interpolation is escaped unless it is SafeHtml; hrefs are limited to
// same-site paths and http(s).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeHtml, html, raw, safeHref } from '../../src/page/html.js';

describe('page template layer', () => {
  test('interpolated text is escaped, including attribute breakers', () => {
    const hostile = '"><img src=x onerror=alert(1)><script>alert(2)</script>\'`=';
    const out = html`<td title="${hostile}">${hostile}</td>`.value;
    assert.ok(!out.includes('<img'));
    assert.ok(!out.includes('<script>'));
    assert.ok(!out.includes('"><'));
    assert.equal(out, `<td title="${escapeHtml(hostile)}">${escapeHtml(hostile)}</td>`);
    assert.equal(escapeHtml(`&<>"'`), '&amp;&lt;&gt;&quot;&#39;');
  });

  test('nested templates and arrays are kept as markup; raw() marks trusted fragments only', () => {
    const items = ['a<b', 'c'];
    assert.equal(html`<ul>${items.map((i) => html`<li>${i}</li>`)}</ul>`.value, '<ul><li>a&lt;b</li><li>c</li></ul>');
    assert.equal(html`${raw('<br>')}`.value, '<br>');
    assert.equal(html`${'<br>'}`.value, '&lt;br&gt;');
  });

  test('null, undefined and false render as nothing; numbers and true as text', () => {
    assert.equal(html`[${null}${undefined}${false}${0}${true}]`.value, '[0true]');
  });

  test('safeHref lets through same-site paths and http(s) only', () => {
    assert.equal(safeHref('/hosts/1'), '/hosts/1');
    assert.equal(safeHref('https://example.com/x'), 'https://example.com/x');
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>', '//evil.example', 'vbscript:x']) assert.equal(safeHref(bad), '#', bad);
  });
});
