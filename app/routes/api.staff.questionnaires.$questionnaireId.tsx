/**
 * /api/staff/questionnaires/{id}: GET the advisor preview dialog's data (sections, documents,
 * activities, unattached documents); POST one action on the questionnaire (JSON `{ intent, ... }`,
 * see app/collect/preview/rules.ts). Another firm's or an invisible questionnaire is a 404.
 */
import * as z from "zod";
import { loadPreview, performQuestionnaireIntent } from "~/collect/questionnaire-actions.server";
import { questionnaireIntentSchema, readIntent } from "~/collect/preview/rules";
import { notFound } from "~/errors";
import { jsonAction, jsonLoader, requireApiUser } from "~/http.server";

const ID = /^[A-Za-z0-9_-]{1,64}$/;

function questionnaireId(params: { questionnaireId?: string }): string {
  const id = params.questionnaireId ?? "";
  if (!ID.test(id)) throw notFound("Not Found");
  return id;
}

export const loader = jsonLoader(async ({ request, params, portal }) => {
  const staff = await requireApiUser(request, portal);
  return loadPreview(portal, staff, questionnaireId(params));
});

export const action = jsonAction(z.unknown(), async (body, { request, params, portal }) => {
  const staff = await requireApiUser(request, portal);
  const id = questionnaireId(params);
  const result = await performQuestionnaireIntent(portal, staff, id, readIntent(questionnaireIntentSchema, body));
  return { ok: true as const, ...result };
});
