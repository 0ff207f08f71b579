import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { forEachTransport } from '../../support/transports.js';

const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

forEachTransport('agents prompt tools and generators', (fresh) => {
  it('enhance asks for specifics unless the prompt names something concrete or a declared field', async () => {
    const c = fresh();
    const vague = expectSuccess(
      await c.post('/v2/agents/prompt/enhance', { prompt: 'Check that the page uses our brand colors' }),
      'Prompt enhanced successfully',
    ).data;
    expect(vague).toEqual({
      enhancedPrompt: {
        requirement: 'Please specify the exact brand colors to check.',
        context: 'The prompt does not name concrete values (quoted text, numbers, colours or selectors) that can be verified on a page.',
        suggestion: ['list the brand colors values to check', 'check every brand colors found on the page'],
        suggestion_type: 'single-select',
      },
    });
    const declared = await c.post('/v2/agents/prompt/enhance', {
      prompt: 'Check that the page uses our brand colors',
      userContextFields: [{ id: 'brand_color', title: 'Brand color', type: 'string' }],
    });
    expect(expectSuccess(declared).data).toEqual({ enhancedPrompt: { requirement: null } });
    expect(expectSuccess(await c.post('/v2/agents/prompt/enhance', { prompt: 'Buttons use #1A73E8' })).data.enhancedPrompt.requirement).toBeNull();
    expectError(await c.post('/v2/agents/prompt/enhance', {}), 400, 'INVALID_ARGUMENT', 'prompt is required.');
    expectError(
      await c.post('/v2/agents/prompt/enhance', { prompt: 'x', provider: 'mistral' }),
      500,
      'INTERNAL',
      'Unknown provider: mistral. Use gemini, claude or openai.',
    );
  });

  it('validate expands a prompt into a QA task and asks for undeclared variables', async () => {
    const c = fresh();
    const result = expectSuccess(await c.post('/v2/agents/prompt/validate', { prompt: 'flag headings that misuse {{brand}}' }), 'Prompt validated successfully')
      .data.validationResult;
    expect(result.analysis_prompt.split('\n').slice(0, 2)).toEqual(['## Objective', 'Flag headings that misuse {{brand}}.']);
    expect(result.requires_tool).toBe('TOOL_TEXT_EXTRACTOR');
    expect(result.demos.detection_dimensions).toEqual(['Flag', 'Headings', 'Misuse']);
    expect(result.suggested_required_inputs).toEqual([{ name: 'brand', description: 'Value for brand', example: '', reason: 'Referenced by the prompt' }]);
    expectError(await c.post('/v2/agents/prompt/validate', { prompt: '' }), 400, 'INVALID_ARGUMENT', 'prompt is required.');
  });

  it('refine rewrites the Refinements section from feedback', async () => {
    const c = fresh();
    const feedback = {
      demoId: 'demo-1',
      demoTitle: 'Mailto link with malformed address',
      demoHtml: '<a href="mailto:x">x</a>',
      demoExpected: 'detected',
      feedback: 'The agent missed this.',
    };
    const data = { analysisPrompt: '## Objective\nIdentify all broken links on the page.\n\n## Refinements\n- old', demoFeedback: [feedback] };
    expect(expectSuccess(await c.post('/v2/agents/prompt/refine', data), 'Prompt refined successfully').data).toEqual({
      refinerResult: {
        analysis_prompt:
          '## Objective\nIdentify all broken links on the page.\n\n## Refinements\n- Mailto link with malformed address (expected detected): The agent missed this.',
        response_descriptions: {},
      },
    });
    expectError(
      await c.post('/v2/agents/prompt/refine', { analysisPrompt: 'x', demoFeedback: [] }),
      400,
      'INVALID_ARGUMENT',
      'demoFeedback must contain at least 1 item.',
    );
    expectError(
      await c.post('/v2/agents/prompt/refine', { analysisPrompt: 'x', demoFeedback: [{ ...feedback, feedback: '' }] }),
      400,
      'INVALID_ARGUMENT',
      'demoFeedback[0].feedback is required.',
    );
  });

  it('resolve recommends strategies from the instructions, and falls back for an unknown provider', async () => {
    const c = fresh();
    expect(
      expectSuccess(await c.post('/v2/agents/config/resolve', { instructions: 'Check the brand color and the heading font' }), 'Config resolved successfully')
        .data,
    ).toEqual({
      resolvedConfig: {
        extraction_strategies: ['web-page-text', 'web-page-screenshot', 'computed-styles'],
        execution_strategy: 'ai',
        reasoning: 'Matched: color, font. Strategies: web-page-text, web-page-screenshot, computed-styles. Execution: ai.',
        strategy_options: { 'computed-styles': { selectors: ['h1', 'h2', 'h3', 'a', 'button'] } },
      },
    });
    expect(expectSuccess(await c.post('/v2/agents/config/resolve', { instructions: 'Click the signup button' })).data.resolvedConfig.execution_strategy).toBe(
      'stagehand-agent',
    );
    expect(expectSuccess(await c.post('/v2/agents/config/resolve', { instructions: 'x', provider: 'nope' })).data.resolvedConfig).toEqual({
      extraction_strategies: ['web-page-text', 'web-page-html', 'web-page-screenshot'],
      execution_strategy: 'ai',
      reasoning: 'Default configuration applied',
    });
    expectError(await c.post('/v2/agents/config/resolve', {}), 400, 'INVALID_ARGUMENT', 'instructions is required.');
  });

  it('extract turns a checklist into draft agents and keeps the file as a knowledge source', async () => {
    const c = fresh();
    const file = '# Headings\n- Headings must use Inter\n- Nice colours\n# Links\n1. Links should never point to {{staging}}\n';
    const result = expectSuccess(
      await c.post('/v2/agents/extract', { fileBase64: b64(file), mimeType: 'text/markdown', fileName: 'qa.md' }),
      'Agents parsed successfully',
    ).data.extractionResult;
    expect(result).toEqual({
      agents: [
        {
          name: 'Headings Check',
          description: 'Checks 1 requirement from qa.md',
          prompt: 'Check the page against these requirements:\n- Headings must use Inter',
          sourceTasks: ['Headings must use Inter'],
        },
        {
          name: 'Links Check',
          description: 'Checks 1 requirement from qa.md',
          prompt: 'Check the page against these requirements:\n- Links should never point to {{staging}}',
          sourceTasks: ['Links should never point to {{staging}}'],
          userContextFields: [{ id: 'staging', title: 'staging', type: 'string' }],
        },
      ],
      summary: 'Extracted 2 agents from markdown file',
      skipped: [{ originalText: 'Nice colours', reason: 'Not phrased as a checkable rule.' }],
      totalTasksParsed: 3,
      memory: { sourceId: expect.stringMatching(/^src_[0-9a-f]{8}$/) },
    });
    const csv = 'Agent Name,Description,Instructions\nTone,,Never say "cheap"\n';
    const columns = expectSuccess(await c.post('/v2/agents/extract', { fileBase64: b64(csv), mimeType: 'text/csv' })).data.extractionResult;
    expect(columns.agents).toEqual([
      { name: 'Tone', description: 'Checks: Never say "cheap"', prompt: 'Never say "cheap"', sourceTasks: ['Never say "cheap"'] },
    ]);
    const before = fingerprint(c.service);
    expectError(
      await c.post('/v2/agents/extract', { fileBase64: b64('x'), mimeType: 'image/png' }),
      400,
      'INVALID_ARGUMENT',
      'Unsupported MIME type: image/png',
    );
    expectError(await c.post('/v2/agents/extract', { fileBase64: '  ', mimeType: 'text/plain' }), 400, 'INVALID_ARGUMENT', 'fileBase64 is required.');
    expectError(await c.post('/v2/agents/extract', { fileBase64: b64('x') }), 400, 'INVALID_ARGUMENT', 'mimeType is required.');
    expectError(
      await c.post('/v2/agents/extract', { fileBase64: b64('%PDF'), mimeType: 'application/pdf' }),
      500,
      'INTERNAL',
      'The file produced no readable content.',
    );
    expectError(
      await c.post('/v2/agents/extract', { fileBase64: b64('   \n'), mimeType: 'text/plain' }),
      500,
      'INTERNAL',
      'The file produced no readable content.',
    );
    expect(fingerprint(c.service)).toBe(before);
  });

  it('reads a PDF or XLSX through the conversion registered for it, by file name or by its bytes', async () => {
    const c = fresh();
    const pdf = '%PDF-1.7 brand checklist';
    const checklist = '# Brand\n\n- Never say "cheap"\n- Always capitalise Acme\n- Nice colours\n';
    expectSuccess(await control(c, 'POST', '/__mock/memory/knowledge/conversions', { conversions: [{ fileName: 'brand.pdf', markdown: checklist }] }));
    const fromPdf = expectSuccess(await c.post('/v2/agents/extract', { fileBase64: b64(pdf), mimeType: 'application/pdf', fileName: 'brand.pdf' })).data
      .extractionResult;
    expect(fromPdf).toMatchObject({
      agents: [{ name: 'Brand Check', sourceTasks: ['Never say "cheap"', 'Always capitalise Acme'] }],
      summary: 'Extracted 1 agent from PDF file',
      skipped: [{ originalText: 'Nice colours', reason: 'Not phrased as a checkable rule.' }],
      totalTasksParsed: 3,
    });
    const sheet = 'PK sheet bytes';
    const sha256 = createHash('sha256').update(sheet).digest('hex');
    expectSuccess(
      await control(c, 'POST', '/__mock/memory/knowledge/conversions', { conversions: [{ sha256, markdown: '- Ensure every price has a currency' }] }),
    );
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const fromSheet = expectSuccess(await c.post('/v2/agents/extract', { fileBase64: b64(sheet), mimeType: xlsx, fileName: 'prices.xlsx' })).data
      .extractionResult;
    expect(fromSheet).toMatchObject({
      agents: [{ name: 'Checklist Check', description: 'Checks 1 requirement from prices.xlsx' }],
      summary: 'Extracted 1 agent from XLSX file',
    });
    // Another PDF under another name has no conversion: still no readable content, and nothing is kept.
    const before = fingerprint(c.service);
    expectError(
      await c.post('/v2/agents/extract', { fileBase64: b64('%PDF other'), mimeType: 'application/pdf', fileName: 'other.pdf' }),
      500,
      'INTERNAL',
      'The file produced no readable content.',
    );
    expect(fingerprint(c.service)).toBe(before);
  });

  it('answers a scripted reply for the exact input, or the scripted error', async () => {
    const c = fresh();
    const scripted = await control(c, 'POST', '/__mock/agents/scripts', {
      scripts: [
        { operation: 'enhance', match: { prompt: 'Brand check' }, reply: { enhancedPrompt: { requirement: 'Which brand?' } } },
        { operation: 'resolve', match: { instructions: 'boom' }, reply: { error: { status: 'UNAVAILABLE', message: 'Model unavailable.' } } },
      ],
    });
    expect(scripted.body).toEqual({ scripted: 2 });
    expect(expectSuccess(await c.post('/v2/agents/prompt/enhance', { prompt: 'Brand check', provider: 'claude' })).data).toEqual({
      enhancedPrompt: { requirement: 'Which brand?' },
    });
    expectError(await c.post('/v2/agents/config/resolve', { instructions: 'boom' }), 503, 'UNAVAILABLE', 'Model unavailable.');
    expect(expectSuccess(await c.post('/v2/agents/prompt/enhance', { prompt: 'Brand check!' })).data.enhancedPrompt.requirement).not.toBe('Which brand?');
  });
});
