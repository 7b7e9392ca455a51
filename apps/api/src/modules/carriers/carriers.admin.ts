import type {
  AuditEntry,
  CarrierAdmin,
  CarrierCode,
  CarrierServiceAdmin,
  Markup,
  RemoteAreaList,
  UpdateCarrierInput,
  UpdateCarrierServiceInput,
} from '@envios/contracts/carriers';
import { fromCentavos, toCentavos } from '@envios/contracts/money';
import { toPage } from '../../shared/pagination.js';
import { carrierErrors } from './carriers.errors.js';
import { auditDto, bpOf, carrierAuditView, markupDto, percentOf, serviceAuditView } from './carriers.mappers.js';
import * as repo from './carriers.repository.js';
import type { Actor, CatalogueContext } from './carriers.deps.js';

/* Admin edits of the catalogue (carriers, services, remote areas, markups) and the audit log. */

export function createCatalogueAdmin(ctx: CatalogueContext) {
  async function listRemoteAreas(code: CarrierCode): Promise<RemoteAreaList> {
    await ctx.refresh();
    const carrier = ctx.requireCarrier(code);
    return { carrier_code: code, surcharge: fromCentavos(carrier.remoteAreaSurchargeCentavos), postal_codes: await repo.listRemoteAreas(ctx.db, code) };
  }

  return {
    // ------------------------------------------------------------ admin: carriers and services

    async listForAdmin(): Promise<{ carriers: CarrierAdmin[] }> {
      await ctx.refresh();
      return { carriers: ctx.snapshot().carriers.map(ctx.carrierAdminDto) };
    },

    async updateCarrier(actor: Actor, code: CarrierCode, input: UpdateCarrierInput): Promise<CarrierAdmin> {
      await ctx.change(async (tx, now) => {
        const before = await repo.findCarrier(tx, code);
        if (!before) throw carrierErrors.carrierNotFound(code);
        const patch: Parameters<typeof repo.updateCarrier>[2] = {};
        if (input.enabled !== undefined) patch.enabled = input.enabled;
        if (input.remote_area_surcharge !== undefined) patch.remoteAreaSurchargeCentavos = toCentavos(input.remote_area_surcharge);
        if (input.insurance_rate_percent !== undefined) patch.insuranceRateBp = bpOf(input.insurance_rate_percent);
        if (input.insurance_min !== undefined) patch.insuranceMinCentavos = toCentavos(input.insurance_min);
        const after = (await repo.updateCarrier(tx, code, patch, now))!;
        const verb = input.enabled === undefined ? 'actualizada' : input.enabled ? 'activada' : 'desactivada';
        await ctx.audit(tx, now, actor, {
          entity: 'carrier',
          entityId: code,
          action: 'update',
          summary: `Paquetería ${before.name} ${verb}`,
          before: carrierAuditView(before),
          after: carrierAuditView(after),
        });
      });
      return ctx.carrierAdminDto(ctx.requireCarrier(code));
    },

    async updateService(actor: Actor, id: string, input: UpdateCarrierServiceInput): Promise<CarrierServiceAdmin> {
      await ctx.change(async (tx, now) => {
        const before = await ctx.requireService(tx, id);
        const patch: Parameters<typeof repo.updateService>[2] = {};
        if (input.enabled !== undefined) patch.enabled = input.enabled;
        if (input.transit_days !== undefined) patch.transitDays = input.transit_days;
        if (input.max_weight_kg !== undefined) patch.maxWeightKg = input.max_weight_kg;
        if (input.guide_source !== undefined) patch.guideSource = input.guide_source;
        if (input.document_price !== undefined) patch.documentPriceCentavos = input.document_price === null ? null : toCentavos(input.document_price);
        if (input.package_types !== undefined) patch.packageTypes = input.package_types;
        const after = (await repo.updateService(tx, id, patch, now))!;
        const verb = input.enabled === undefined ? 'actualizado' : input.enabled ? 'activado' : 'desactivado';
        await ctx.audit(tx, now, actor, {
          entity: 'service',
          entityId: id,
          action: 'update',
          summary: `Servicio ${ctx.serviceLabel(before)} ${verb}`,
          before: serviceAuditView(before),
          after: serviceAuditView(after),
        });
      });
      return ctx.serviceAdminAfterChange(id);
    },

    // ------------------------------------------------------------ admin: remote areas

    listRemoteAreas,

    async replaceRemoteAreas(actor: Actor, code: CarrierCode, postalCodes: readonly string[]) {
      const wanted = [...new Set(postalCodes)].sort();
      await ctx.change(async (tx, now) => {
        const carrier = await repo.findCarrier(tx, code);
        if (!carrier) throw carrierErrors.carrierNotFound(code);
        const before = await repo.listRemoteAreas(tx, code);
        await repo.removeRemoteAreas(tx, code);
        await repo.addRemoteAreas(tx, code, wanted);
        await ctx.audit(tx, now, actor, {
          entity: 'remote_area',
          entityId: code,
          action: 'update',
          summary: `Lista de áreas remotas de ${carrier.name} reemplazada (${before.length} → ${wanted.length} códigos postales)`,
          before: { postal_codes: before },
          after: { postal_codes: wanted },
        });
      });
      return listRemoteAreas(code);
    },

    async addRemoteAreas(actor: Actor, code: CarrierCode, postalCodes: readonly string[]) {
      const wanted = [...new Set(postalCodes)].sort();
      await ctx.change(async (tx, now) => {
        const carrier = await repo.findCarrier(tx, code);
        if (!carrier) throw carrierErrors.carrierNotFound(code);
        const added = await repo.addRemoteAreas(tx, code, wanted);
        await ctx.audit(tx, now, actor, {
          entity: 'remote_area',
          entityId: code,
          action: 'create',
          summary: `${added} códigos postales agregados a las áreas remotas de ${carrier.name}`,
          before: null,
          after: { postal_codes: wanted },
        });
      });
      return listRemoteAreas(code);
    },

    async removeRemoteArea(actor: Actor, code: CarrierCode, postalCode: string): Promise<void> {
      await ctx.change(async (tx, now) => {
        const carrier = await repo.findCarrier(tx, code);
        if (!carrier) throw carrierErrors.carrierNotFound(code);
        const removed = await repo.removeRemoteAreas(tx, code, [postalCode]);
        if (removed === 0) throw carrierErrors.remoteAreaNotFound(postalCode);
        await ctx.audit(tx, now, actor, {
          entity: 'remote_area',
          entityId: code,
          action: 'delete',
          summary: `Código postal ${postalCode} quitado de las áreas remotas de ${carrier.name}`,
          before: { postal_codes: [postalCode] },
          after: null,
        });
      });
    },

    // ------------------------------------------------------------ admin: markups

    async listMarkups(filter: { service_id?: string | undefined; user_id?: string | undefined }): Promise<{ markups: Markup[] }> {
      const rows = await repo.listMarkups(ctx.db, { serviceId: filter.service_id, userId: filter.user_id });
      return { markups: rows.map(markupDto) };
    },

    /** Creates or replaces the markup of (service, customer). */
    async upsertMarkup(actor: Actor, input: { service_id: string | null; user_id: string | null; percent: number; fixed_amount: number }): Promise<Markup> {
      if (input.user_id !== null && ctx.deps.userExists && !(await ctx.deps.userExists(input.user_id))) throw carrierErrors.unknownUser(input.user_id);
      return ctx.change(async (tx, now) => {
        let serviceName = 'todos los servicios';
        if (input.service_id !== null) serviceName = ctx.serviceLabel(await ctx.requireService(tx, input.service_id));
        const before = await repo.findMarkupByScope(tx, input.service_id, input.user_id);
        const after = await repo.upsertMarkup(
          tx,
          { serviceId: input.service_id, userId: input.user_id, percentBp: bpOf(input.percent), fixedCentavos: toCentavos(input.fixed_amount) },
          now,
        );
        const who = input.user_id === null ? 'todos los clientes' : `el cliente ${input.user_id}`;
        await ctx.audit(tx, now, actor, {
          entity: 'markup',
          entityId: after.id,
          action: before ? 'update' : 'create',
          summary: `Margen de ${serviceName} para ${who}: ${percentOf(after.percentBp)} % + ${fromCentavos(after.fixedCentavos).toFixed(2)} MXN`,
          before: before ? markupDto(before) : null,
          after: markupDto(after),
        });
        return markupDto(after);
      });
    },

    async deleteMarkup(actor: Actor, id: string): Promise<void> {
      await ctx.change(async (tx, now) => {
        const before = await repo.findMarkup(tx, id);
        if (!before) throw carrierErrors.markupNotFound();
        await repo.deleteMarkup(tx, id);
        await ctx.audit(tx, now, actor, {
          entity: 'markup',
          entityId: id,
          action: 'delete',
          summary: `Margen eliminado (${percentOf(before.percentBp)} % + ${fromCentavos(before.fixedCentavos).toFixed(2)} MXN)`,
          before: markupDto(before),
          after: null,
        });
      });
    },

    // ------------------------------------------------------------ admin: audit

    async listAudit(query: { entity?: AuditEntry['entity'] | undefined; entity_id?: string | undefined; page: number; limit: number }) {
      const { rows, total } = await repo.listAudit(ctx.db, {
        entity: query.entity,
        entityId: query.entity_id || undefined,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return toPage(rows.map(auditDto), total, query.page, query.limit);
    },
  };
}
