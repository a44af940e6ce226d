/**
 * The sections-and-questions editor of a firm-made template (/templates/new, /templates/{id}).
 * Sections in order (name, type, tab, instructions, the firm's PDF for document sections, the
 * question that shows them), each with its questions (text, type, options, optional, the question
 * a follow-up depends on and the answer that shows it), moved up and down, added and removed. A
 * conform form (nested field lists); the server checks the post with the same schema (./editor-rules.ts).
 */
import { useCallback, useState } from "react";
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { Alert, Badge, Button, Card, Checkbox, ChevronDownIcon, CloseIcon, PlusIcon, Select, TextArea, TextField } from "~/components/ui";
import { inputProps, selectProps } from "~/profile/form-props";
import {
  EDITOR_QUESTION_TYPES,
  EDITOR_SECTION_TYPES,
  editorFormValue,
  hasQuestions,
  isDocumentSection,
  editorTemplateSchema,
  newKey,
  questionFormValue,
  sectionFormValue,
  type EditorQuestion,
  type EditorSection,
  type EditorTemplate,
} from "./editor-rules";
import { SectionPdf } from "./section-pdf";
import * as s from "./templates.css";

export interface TemplateEditorProps {
  initial: EditorTemplate;
  /** The server's answer to the last save (field errors, or the form's message). */
  lastResult?: SubmissionResult<string[]> | null;
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
  document: null,
  questions: [blankQuestion()],
});

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** A field conform keeps but the editor doesn't show (keys, follow-up links, triggers). */
function Hidden({ field }: { field: FieldMetadata<unknown> }) {
  return <input type="hidden" name={field.name} defaultValue={text(field.initialValue)} key={field.key} />;
}

export function TemplateEditor({ initial, lastResult, submitLabel }: TemplateEditorProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  // Sections whose PDF is still uploading: the template is saved once every PDF is in.
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());
  const onUploading = useCallback((section: string, busy: boolean) => {
    setUploading((current) => {
      if (current.has(section) === busy) return current;
      const next = new Set(current);
      if (busy) next.add(section);
      else next.delete(section);
      return next;
    });
  }, []);
  const [form, fields] = useForm({
    id: "template-editor",
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue: editorFormValue(initial),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editorTemplateSchema }),
  });
  const sections = fields.sections.getFieldList();
  // Every question as it reads now, by section: what follow-ups and section triggers can point at.
  const questionsBySection = sections.map((section, si) =>
    hasQuestions(Number(text(section.getFieldset().sectionType.value) || 3))
      ? section
          .getFieldset()
          .questions.getFieldList()
          .map((q, qi) => ({
            value: text(q.getFieldset().key.value),
            label: `${si + 1}.${qi + 1} ${text(q.getFieldset().text.value) || "(no text yet)"}`.slice(0, 90),
          }))
      : [],
  );
  const fieldErrorCount = Object.keys(form.allErrors).filter((name) => name !== "").length;

  return (
    <Form method="post" {...getFormProps(form)} className={s.editor}>
      <input type="hidden" name="intent" value="save" />
      {form.errors?.length ? <Alert tone="danger" title={form.errors[0]} /> : null}
      {form.status === "error" && fieldErrorCount ? <Alert tone="danger" title="Please fix the highlighted fields." /> : null}
      <Card>
        <div className={s.grid}>
          <TextField
            {...inputProps(fields.name, { type: "text" })}
            key={fields.name.key}
            label="Template name"
            required
            maxLength={200}
            error={fields.name.errors?.[0]}
          />
          <TextField {...inputProps(fields.description, { type: "text" })} key={fields.description.key} label="Description" maxLength={1000} />
        </div>
        <p className={s.hint}>
          Tags such as {"{client_fname}"}, {"{questionnaire_year}"} and {"{firm_name}"} are replaced when the template is sent.
        </p>
      </Card>

      {fields.sections.errors?.length ? <p className={s.error}>{fields.sections.errors[0]}</p> : null}
      {sections.map((section, i) => {
        const sf = section.getFieldset();
        const name = text(sf.name.value);
        const sectionType = Number(text(sf.sectionType.value) || 3);
        const trigger = sf.trigger.getFieldset();
        const questions = sf.questions.getFieldList();
        const listed = hasQuestions(sectionType);
        return (
          <Card
            key={section.key}
            title={`Section ${i + 1}${name ? `: ${name}` : ""}`}
            titleAs="h2"
            actions={
              <div className={s.rowActions}>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => form.reorder({ name: fields.sections.name, from: i, to: i - 1 })}
                  disabled={i === 0}
                  aria-label={`Move section ${i + 1} up`}
                >
                  <ChevronDownIcon size={16} style={{ transform: "rotate(180deg)" }} />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => form.reorder({ name: fields.sections.name, from: i, to: i + 1 })}
                  disabled={i === sections.length - 1}
                  aria-label={`Move section ${i + 1} down`}
                >
                  <ChevronDownIcon size={16} />
                </Button>
                <Button variant="ghost" size="sm" onClick={() => form.remove({ name: fields.sections.name, index: i })} aria-label={`Remove section ${i + 1}`}>
                  <CloseIcon size={16} />
                </Button>
              </div>
            }
          >
            <div className={s.section}>
              <Hidden field={sf.key} />
              <div className={s.grid}>
                <TextField
                  {...inputProps(sf.name, { type: "text" })}
                  key={sf.name.key}
                  label="Section name"
                  required
                  maxLength={200}
                  error={sf.name.errors?.[0]}
                />
                <Select
                  {...selectProps(sf.sectionType)}
                  key={sf.sectionType.key}
                  label="Section type"
                  options={EDITOR_SECTION_TYPES.map((t) => ({ value: String(t.value), label: t.label }))}
                />
                <TextField
                  {...inputProps(sf.tab, { type: "text" })}
                  key={sf.tab.key}
                  label="Tab (optional)"
                  hint="Sections with the same tab are grouped."
                  maxLength={100}
                />
              </div>
              <TextArea
                id={sf.instruction.id}
                name={sf.instruction.name}
                key={sf.instruction.key}
                defaultValue={text(sf.instruction.initialValue)}
                label={sectionType === 2 ? "Letter text" : "Instructions"}
                rows={sectionType === 2 ? 6 : 2}
                maxLength={20_000}
              />
              {isDocumentSection(sectionType) ? (
                <SectionPdf
                  key={section.key}
                  fieldName={sf.document.name}
                  keyName={sf.document.getFieldset().key.name}
                  nameName={sf.document.getFieldset().name.name}
                  initial={
                    text(sf.document.getFieldset().key.initialValue)
                      ? { key: text(sf.document.getFieldset().key.initialValue), name: text(sf.document.getFieldset().name.initialValue) }
                      : null
                  }
                  error={sf.document.errors?.[0]}
                  sectionLabel={`section ${i + 1}`}
                  onUploading={(busy) => onUploading(section.key ?? String(i), busy)}
                />
              ) : null}
              <div className={s.logic}>
                <Select
                  {...selectProps(trigger.questionKey)}
                  key={trigger.questionKey.key}
                  label="Show this section"
                  placeholder="Always"
                  options={questionsBySection.slice(0, i).flat()}
                />
                <div hidden={!text(trigger.questionKey.value)}>
                  <TextField {...inputProps(trigger.answer, { type: "text" })} key={trigger.answer.key} label="Only when the answer is" maxLength={200} />
                </div>
              </div>
              {text(trigger.questionKey.value) ? (
                <p className={s.hint}>
                  <Badge tone="info">Conditional</Badge> The client sees this section only after giving that answer.
                </p>
              ) : null}
              {/* Sections without questions post none (a hidden, blank question must not block the save). */}
              <div hidden={!listed}>
                <ol className={s.questions}>
                  {(listed ? questions : []).map((question, qi) => {
                    const qf = question.getFieldset();
                    const type = text(qf.questionType.value) as EditorQuestion["questionType"];
                    const hasOptions = type === "select" || type === "multiple" || type === "entries" || type === "upload";
                    const followUpOf = text(qf.followUpOf.value);
                    return (
                      <li key={question.key} className={s.question}>
                        <Hidden field={qf.key} />
                        <div className={s.questionRow}>
                          <TextField
                            {...inputProps(qf.text, { type: "text" })}
                            key={qf.text.key}
                            label={`Question ${qi + 1}`}
                            required
                            maxLength={1000}
                            error={qf.text.errors?.[0]}
                          />
                          <Select
                            {...selectProps(qf.questionType)}
                            key={qf.questionType.key}
                            label="Type"
                            options={EDITOR_QUESTION_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                          />
                          <div className={s.rowActions}>
                            <Button
                              variant="ghost"
                              size="sm"
                              onClick={() => form.reorder({ name: sf.questions.name, from: qi, to: qi - 1 })}
                              disabled={qi === 0}
                              aria-label={`Move question ${qi + 1} up`}
                            >
                              <ChevronDownIcon size={16} style={{ transform: "rotate(180deg)" }} />
                            </Button>
                            <Button
                              variant="ghost"
                              size="sm"
                              onClick={() => form.remove({ name: sf.questions.name, index: qi })}
                              aria-label={`Remove question ${qi + 1}`}
                            >
                              <CloseIcon size={16} />
                            </Button>
                          </div>
                        </div>
                        {/* The options stay in the form while hidden, so changing the type back keeps them. */}
                        <div hidden={!hasOptions}>
                          <TextField
                            {...inputProps(qf.options, { type: "text" })}
                            key={qf.options.key}
                            label={
                              type === "entries"
                                ? "Columns (comma separated)"
                                : type === "upload"
                                  ? "Document options (comma separated, optional)"
                                  : "Options (comma separated)"
                            }
                            error={hasOptions ? qf.options.errors?.[0] : undefined}
                          />
                        </div>
                        <div className={s.questionMeta}>
                          <Checkbox {...inputProps(qf.optional, { type: "checkbox" })} key={qf.optional.key} label="Optional" />
                        </div>
                        <div className={s.logic}>
                          <Select
                            {...selectProps(qf.followUpOf)}
                            key={qf.followUpOf.key}
                            label="Follow-up of"
                            placeholder="Not a follow-up"
                            options={(questionsBySection[i] ?? []).slice(0, qi)}
                          />
                          <div hidden={!followUpOf}>
                            <TextField
                              {...inputProps(qf.trigger, { type: "text" })}
                              key={qf.trigger.key}
                              label="Shown when the answer is"
                              placeholder="Yes"
                              maxLength={200}
                            />
                          </div>
                        </div>
                      </li>
                    );
                  })}
                </ol>
              </div>
              {listed ? (
                <div>
                  <Button
                    variant="secondary"
                    size="sm"
                    iconStart={<PlusIcon size={14} />}
                    onClick={() => form.insert({ name: sf.questions.name, defaultValue: questionFormValue(blankQuestion()) })}
                  >
                    Add question
                  </Button>
                </div>
              ) : null}
            </div>
          </Card>
        );
      })}
      <div className={s.footer}>
        <Button
          variant="secondary"
          iconStart={<PlusIcon size={16} />}
          onClick={() => form.insert({ name: fields.sections.name, defaultValue: sectionFormValue(blankSection()) })}
        >
          Add section
        </Button>
        <span className={s.spacer} />
        <Button variant="secondary" to="/templates">
          Cancel
        </Button>
        {uploading.size ? (
          <span className={s.hint} role="status">
            Saving waits until the PDF has finished uploading.
          </span>
        ) : null}
        <Button type="submit" loading={saving} disabled={uploading.size > 0}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

export function emptyTemplate(): EditorTemplate {
  return { name: "", description: "", sections: [blankSection()] };
}
