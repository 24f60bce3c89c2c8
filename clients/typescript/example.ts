// How a TypeScript program calls the service with the generated types (schema.d.ts) and
// openapi-fetch. `make clients` checks it with `tsc --strict`: when the schema changes an
// operation this uses, the check fails here, as it would in an integrator's code.
import createClient from "openapi-fetch";
import type { components, paths } from "./schema";

type ErrorEnvelope = components["schemas"]["ErrorEnvelope"];
type Order = components["schemas"]["Order"];
type Api = ReturnType<typeof createClient<paths>>;

export function connect(baseUrl: string, key: string): Api {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${key}` } });
}

/** One line for any refusal: the status name, the message and each field's complaint. */
export function describe(refusal: ErrorEnvelope): string {
  const message = Array.isArray(refusal.message) ? refusal.message.join("; ") : refusal.message;
  const fields = (refusal.details ?? []).map((detail) => `${detail.field}: ${detail.message}`);
  return [`${refusal.statusCode} ${refusal.error}: ${message}`, ...fields].join("\n");
}

export async function companyCodes(api: Api): Promise<string[]> {
  const { data, error } = await api.GET("/companies");
  if (error) throw new Error(describe(error));
  return data.envelop.map((company) => company.companyCode);
}

/** An order of one catalog item to the company's storage; the same key makes it once. */
export async function quote(
  api: Api,
  companyCode: string,
  catalogModelId: string,
  idempotencyKey: string,
): Promise<Order> {
  const { data, error } = await api.POST("/orders/quote", {
    params: { header: { "Idempotency-Key": idempotencyKey } },
    body: {
      companyCode,
      countryCode: "US",
      sendTo: "STORAGE",
      hardwares: [{ catalogModelId, amount: 1 }],
    },
  });
  if (error) throw new Error(describe(error));
  const [order] = data.envelop;
  if (order === undefined) throw new Error("the quote answered no order");
  return order;
}

/** The order's status, or null when the company has no such order (404): any other refusal
 * throws. */
export async function orderStatus(
  api: Api,
  companyCode: string,
  orderId: string,
): Promise<Order["status"] | null> {
  const { data, error, response } = await api.GET("/orders/{orderId}", {
    params: { path: { orderId }, query: { companyCode } },
  });
  if (error) {
    if (response.status === 404) return null;
    throw new Error(describe(error));
  }
  const [order] = data.envelop;
  return order === undefined ? null : order.status;
}
