/**
 * The sections-and-questions editor of a firm-made template (/templates/new, /templates/{id}).
 * Kept simple: sections in order (name, type, instructions), each with its questions (text, type,
 * options, optional), moved up and down, added and removed. Follow-up links and section triggers
 * coming from a duplicated canned template are kept and shown, not edited. Saves the whole
 * template as JSON in one POST; the server validates it with the same rules (./editor-rules.ts).
 */
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Alert, Badge, Button, Card, Checkbox, ChevronDownIcon, CloseIcon, PlusIcon, Select, TextArea, TextField } from "~/components/ui";
import {
  EDITOR_QUESTION_TYPES,
  EDITOR_SECTION_TYPES,
  newKey,
  templateErrors,
  type EditorQuestion,
  type EditorSection,
  type EditorTemplate,
} from "./editor-rules";
import * as s from "./templates.css";

export interface TemplateEditorProps {
  initial: EditorTemplate;
  /** Errors from the server (same keys as templateErrors). */
  serverErrors?: Record<string, string>;
  submitLabel: string;
}

const blankQuestion = (): EditorQuestion => ({
  key: newKey("q"),
  text: "",
  questionType: "text",
  options: [],
  optional: false,
  followUpOf: null,
  trigger: null,
});
const blankSection = (): EditorSection => ({
  key: newKey("s"),
  name: "",
  sectionType: 3,
  instruction: null,
  tab: null,
  trigger: null,
  questions: [blankQuestion()],
});

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export function TemplateEditor({ initial, serverErrors, submitLabel }: TemplateEditorProps) {
  const [template, setTemplate] = useState<EditorTemplate>(initial);
  const [attempted, setAttempted] = useState(false);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const local = templateErrors(template);
  const errors = serverErrors && Object.keys(serverErrors).length ? serverErrors : attempted ? local : {};
  const questionText = new Map(template.sections.flatMap((sec) => sec.questions.map((q) => [q.key, q.text] as const)));

  const setSection = (i: number, patch: Partial<EditorSection>) =>
    setTemplate({ ...template, sections: template.sections.map((sec, j) => (j === i ? { ...sec, ...patch } : sec)) });
  const setQuestion = (i: number, qi: number, patch: Partial<EditorQuestion>) =>
    setSection(i, { questions: template.sections[i].questions.map((q, j) => (j === qi ? { ...q, ...patch } : q)) });

  return (
    <Form
      method="post"
      noValidate
      className={s.editor}
      onSubmit={(event) => {
        setAttempted(true);
        if (Object.keys(local).length) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="template" value={JSON.stringify(template)} />
      {attempted && Object.keys(local).length ? <Alert tone="danger" title="Please fix the highlighted fields." /> : null}
      <Card>
        <div className={s.grid}>
          <TextField
            label="Template name"
            required
            value={template.name}
            maxLength={200}
            onChange={(e) => setTemplate({ ...template, name: e.currentTarget.value })}
            error={errors.name}
          />
          <TextField
            label="Description"
            value={template.description}
            maxLength={1000}
            onChange={(e) => setTemplate({ ...template, description: e.currentTarget.value })}
          />
        </div>
        <p className={s.hint}>
          Tags such as {"{client_fname}"}, {"{questionnaire_year}"} and {"{firm_name}"} are replaced when the template is sent.
        </p>
      </Card>

      {errors.sections ? <p className={s.error}>{errors.sections}</p> : null}
      {template.sections.map((section, i) => (
        <Card
          key={section.key}
          title={`Section ${i + 1}${section.name ? `: ${section.name}` : ""}`}
          titleAs="h2"
          actions={
            <div className={s.rowActions}>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setTemplate({ ...template, sections: move(template.sections, i, i - 1) })}
                disabled={i === 0}
                aria-label={`Move section ${i + 1} up`}
              >
                <ChevronDownIcon size={16} style={{ transform: "rotate(180deg)" }} />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setTemplate({ ...template, sections: move(template.sections, i, i + 1) })}
                disabled={i === template.sections.length - 1}
                aria-label={`Move section ${i + 1} down`}
              >
                <ChevronDownIcon size={16} />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setTemplate({ ...template, sections: template.sections.filter((_, j) => j !== i) })}
                aria-label={`Remove section ${i + 1}`}
              >
                <CloseIcon size={16} />
              </Button>
            </div>
          }
        >
          <div className={s.section}>
            <div className={s.grid}>
              <TextField
                label="Section name"
                required
                value={section.name}
                maxLength={200}
                onChange={(e) => setSection(i, { name: e.currentTarget.value })}
                error={errors[`sections.${i}.name`]}
              />
              <Select
                label="Section type"
                value={String(section.sectionType)}
                onChange={(e) => setSection(i, { sectionType: Number(e.currentTarget.value) })}
                options={EDITOR_SECTION_TYPES.map((t) => ({ value: String(t.value), label: t.label }))}
              />
            </div>
            <TextArea
              label={section.sectionType === 2 ? "Letter text" : "Instructions"}
              rows={section.sectionType === 2 ? 6 : 2}
              maxLength={20_000}
              value={section.instruction ?? ""}
              onChange={(e) => setSection(i, { instruction: e.currentTarget.value || null })}
            />
            {section.trigger ? (
              <p className={s.hint}>
                <Badge tone="info">Conditional</Badge> Shown when “{questionText.get(section.trigger.questionKey) ?? "a removed question"}” is answered{" "}
                {section.trigger.answer}.
              </p>
            ) : null}
            {section.sectionType === 2 || section.sectionType === 4 ? null : (
              <ol className={s.questions}>
                {section.questions.map((q, qi) => {
                  const at = `sections.${i}.questions.${qi}`;
                  const hasOptions =
                    q.questionType === "select" || q.questionType === "multiple" || q.questionType === "entries" || q.questionType === "upload";
                  return (
                    <li key={q.key} className={s.question}>
                      <div className={s.questionRow}>
                        <TextField
                          label={`Question ${qi + 1}`}
                          required
                          value={q.text}
                          maxLength={1000}
                          onChange={(e) => setQuestion(i, qi, { text: e.currentTarget.value })}
                          error={errors[`${at}.text`]}
                        />
                        <Select
                          label="Type"
                          value={q.questionType}
                          onChange={(e) => setQuestion(i, qi, { questionType: e.currentTarget.value as EditorQuestion["questionType"] })}
                          options={EDITOR_QUESTION_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                        />
                        <div className={s.rowActions}>
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => setSection(i, { questions: move(section.questions, qi, qi - 1) })}
                            disabled={qi === 0}
                            aria-label={`Move question ${qi + 1} up`}
                          >
                            <ChevronDownIcon size={16} style={{ transform: "rotate(180deg)" }} />
                          </Button>
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => setSection(i, { questions: section.questions.filter((_, j) => j !== qi) })}
                            aria-label={`Remove question ${qi + 1}`}
                          >
                            <CloseIcon size={16} />
                          </Button>
                        </div>
                      </div>
                      {hasOptions ? (
                        <TextField
                          label={
                            q.questionType === "entries"
                              ? "Columns (comma separated)"
                              : q.questionType === "upload"
                                ? "Document options (comma separated, optional)"
                                : "Options (comma separated)"
                          }
                          value={q.options.join(", ")}
                          onChange={(e) => setQuestion(i, qi, { options: e.currentTarget.value.split(",").map((o) => o.trimStart()) })}
                          onBlur={() => setQuestion(i, qi, { options: q.options.map((o) => o.trim()).filter(Boolean) })}
                          error={errors[`${at}.options`]}
                        />
                      ) : null}
                      <div className={s.questionMeta}>
                        <Checkbox label="Optional" checked={q.optional} onChange={(e) => setQuestion(i, qi, { optional: e.currentTarget.checked })} />
                        {q.followUpOf ? (
                          <span className={s.hint}>
                            Follow-up: shown when “{questionText.get(q.followUpOf) ?? "a removed question"}” is {q.trigger ?? "Yes"}
                          </span>
                        ) : null}
                      </div>
                    </li>
                  );
                })}
              </ol>
            )}
            {section.sectionType === 2 || section.sectionType === 4 ? null : (
              <div>
                <Button
                  variant="secondary"
                  size="sm"
                  iconStart={<PlusIcon size={14} />}
                  onClick={() => setSection(i, { questions: [...section.questions, blankQuestion()] })}
                >
                  Add question
                </Button>
              </div>
            )}
          </div>
        </Card>
      ))}
      <div className={s.footer}>
        <Button
          variant="secondary"
          iconStart={<PlusIcon size={16} />}
          onClick={() => setTemplate({ ...template, sections: [...template.sections, blankSection()] })}
        >
          Add section
        </Button>
        <span className={s.spacer} />
        <Button variant="secondary" to="/templates">
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

export function emptyTemplate(): EditorTemplate {
  return { name: "", description: "", sections: [blankSection()] };
}
