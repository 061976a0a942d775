/** GenesysActor: roll data, damage and recovery through src/rules, and condition statuses kept in step. */
import { derivedStatusChanges } from "../config/statuses.js";
import { AnimalModel } from "../data/actor/animal.js";
import { CharacterModel } from "../data/actor/character.js";
import { NpcModel } from "../data/actor/npc.js";
import { ArmorModel, type BodyArea } from "../data/item/armor.js";
import { SkillModel } from "../data/item/skill.js";
import type { AimedArea } from "../rules/attack.js";
import { VIPER_VENOM, venomDoses, type VenomInjection } from "../rules/advanced/animals.js";
import { resolveDamage, type DamageResult } from "../rules/damage.js";
import { recoverByRest, type RestPeriod } from "../rules/recovery.js";
import type { ConditionKey, DamageCounters, DamageType } from "../rules/types.js";
import { rulesOptions } from "../settings/rules-settings.js";
import { isDesignatedClient } from "./designated-client.js";
import { APPLY_DAMAGE_QUERY, REVERT_CHANGE_QUERY, relayToGm } from "./gm-relay.js";
import { rollCheck, type CheckMessage, type RollCheckOptions } from "./actor-rolls.js";

export interface ApplyDamageOptions {
  amount: number;
  type: DamageType;
  /** The attacker aimed at a gap in the armour (§3.2.5): Df ignored. */
  armourPiercing?: boolean;
  aimedArea?: AimedArea;
  /** Which part of the body decides armour coverage; defaults from the aimed area (trunk → torso, limb → arms, vital → head). */
  bodyArea?: BodyArea;
  /** Tie under the grazing rule (§3.2.7). */
  grazing?: boolean;
  /** Falls and flames: conventional armour gives no protection (§3.1.2). */
  ignoreArmour?: boolean;
  rangedBeyondHalf?: boolean;
  explosive?: boolean;
  blastDistance?: number;
  /** The biter's venom (§3.3.3): doses rolled, injected only if the hit gets past armour, within its daily limit. */
  venom?: { roll: number; dice: number; maxPerDay: number; injectedToday: number };
}

/** What a damage or recovery changed, enough to undo it and to report it in chat. */
export interface CounterChange {
  kind: "damage" | "recovery";
  actorUuid: string;
  before: DamageCounters;
  after: DamageCounters;
  condition: { before: ConditionKey; after: ConditionKey };
  damage: DamageResult | null;
  /** Poison doses before and after, when the change injected venom. */
  poison?: { before: number; after: number };
  venom?: VenomInjection;
}

const AREA_FOR_AIM: Record<AimedArea, BodyArea | null> = { trunk: "torso", limb: "arms", vital: "head", weapon: null };

type PersonSystem = CharacterModel | NpcModel;
type GenesysSystem = PersonSystem | AnimalModel;

export class GenesysActor<SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  /** The GeneSys data model of this actor, or null for a type this system does not define. */
  get genesys(): GenesysSystem | null {
    const s: unknown = this.system;
    return s instanceof CharacterModel || s instanceof NpcModel || s instanceof AnimalModel ? s : null;
  }

  override getRollData(): Record<string, unknown> {
    const data: Record<string, unknown> = { ...super.getRollData() };
    const sys = this.genesys;
    if (!sys) return data;
    const c = sys instanceof AnimalModel ? sys.characteristics : sys.effective;
    const values: Record<string, number | null> = {
      dexterity: c.dexterity, experience: c.experience, charm: c.charm, strength: c.strength, perception: c.perception,
      reflexes: sys.derived.reflexes, resistance: sys.derived.resistance, speed: sys.derived.speed,
      conditionPenalty: sys.condition.penalty ?? 0,
    };
    // The book writes formulas in Italian (1D6+[Forza−2]): both spellings resolve.
    const italian: Record<string, string> = {
      dexterity: "destrezza", experience: "esperienza", charm: "fascino", strength: "forza", perception: "percezione",
      reflexes: "riflessi", resistance: "resistenza", speed: "velocita", conditionPenalty: "penalita",
    };
    for (const [key, value] of Object.entries(values)) {
      if (value === null) continue;
      data[key] = value;
      const it = italian[key];
      if (it) data[it] = value;
    }
    const skills: Record<string, number> = {};
    for (const item of this.items) {
      if (item.system instanceof SkillModel && item.system.grade !== null && item.system.slug) skills[item.system.slug] = item.system.grade;
    }
    data["skills"] = skills;
    data["abilita"] = skills;
    return data;
  }

  /** §1.7 check roll on a characteristic or a skill, posted to chat (see actor-rolls.ts). */
  async rollCheck(options: RollCheckOptions): Promise<CheckMessage | null> {
    return rollCheck(this, options);
  }

  /** This actor's uuid in the form the GM relay resolves (a world actor, or a token's actor inside a scene). */
  get relayUuid(): `Actor.${string}` | `Scene.${string}` {
    // Foundry builds every actor uuid from its collection path, which starts with "Actor." or "Scene.".
    return this.uuid as `Actor.${string}` | `Scene.${string}`;
  }

  /** Best Df protecting a body area: worn armour for people, natural protection for animals. */
  armourFor(area: BodyArea): number {
    const sys = this.genesys;
    if (sys instanceof AnimalModel) return sys.naturalArmour;
    let best = 0;
    for (const item of this.items) {
      if (item.system instanceof ArmorModel && item.system.worn && item.system.covers(area)) best = Math.max(best, item.system.defence);
    }
    return best;
  }

  /**
   * §2.3.6/§3.2.x one hit through the rules' damage pipeline; returns the change for undo.
   * A player who does not own the target asks the GM's client to apply it (gm-relay.ts).
   */
  async applyDamage(options: ApplyDamageOptions): Promise<CounterChange | null> {
    const sys = this.genesys;
    if (!sys) return null;
    if (!this.isOwner) return relayToGm(APPLY_DAMAGE_QUERY, { actorUuid: this.relayUuid, options }, this.name);
    const area = options.bodyArea ?? AREA_FOR_AIM[options.aimedArea ?? "trunk"] ?? "torso";
    const result = resolveDamage(
      {
        rolled: options.amount,
        type: options.type,
        grazing: options.grazing ?? false,
        rangedBeyondHalf: options.rangedBeyondHalf ?? false,
        explosive: options.explosive ?? false,
        ...(options.blastDistance === undefined ? {} : { blastDistance: options.blastDistance }),
        aimedArea: options.aimedArea ?? "trunk",
        bypassArmour: options.armourPiercing ?? false,
        armourDefence: this.armourFor(area),
        armourCovers: options.ignoreArmour !== true,
        targetStrength: sys.characteristics.strength,
      },
      rulesOptions(),
    );
    const before = this.#counters(sys);
    const after = { wounds: before.wounds + result.wounds, fatigue: before.fatigue + result.fatigue };
    const venom = options.venom;
    if (!venom) return this.#commit("damage", before, after, result);
    const injection = venomDoses(
      { damageAfterArmour: result.afterArmour, roll2d6: venom.roll, dosesInjectedToday: Math.min(venom.injectedToday, venom.maxPerDay) },
      { ...VIPER_VENOM, dosesDice: venom.dice, maxDosesPerDay: venom.maxPerDay },
    );
    const poison = { before: sys.poison.doses, after: sys.poison.doses + injection.doses };
    return { ...(await this.#commit("damage", before, after, result, poison.after)), poison, venom: injection };
  }

  /** §1.5.3 rest: 5 minutes → −1 Fatica, 1 day → −1 Ferita; deprivation Fatica waits for sleep, food or drink. */
  async recover(rest: RestPeriod): Promise<CounterChange | null> {
    const sys = this.genesys;
    if (!sys) return null;
    if (!this.isOwner) {
      ui.notifications.warn(game.i18n.format("GENESYS.Warn.NotOwner", { name: this.name }));
      return null;
    }
    const before = this.#counters(sys);
    const { counters } = recoverByRest(before, rest, sys.fatigue.deprivation);
    return this.#commit("recovery", before, counters, null);
  }

  /** Undoes a change by its difference, so whatever happened since is kept. */
  async revertChange(change: CounterChange): Promise<CounterChange | null> {
    const sys = this.genesys;
    if (!sys) return null;
    if (!this.isOwner) return relayToGm(REVERT_CHANGE_QUERY, { actorUuid: this.relayUuid, change }, this.name);
    const before = this.#counters(sys);
    const after = {
      wounds: Math.max(0, before.wounds - (change.after.wounds - change.before.wounds)),
      fatigue: Math.max(0, before.fatigue - (change.after.fatigue - change.before.fatigue)),
    };
    const doses = change.poison ? Math.max(0, sys.poison.doses - (change.poison.after - change.poison.before)) : undefined;
    return this.#commit(change.kind, before, after, null, doses);
  }

  /** Turns the condition statuses (and "poisoned") on or off to match the counters. Only the designated client acts. */
  async syncConditionStatuses(): Promise<void> {
    const sys = this.genesys;
    if (!sys || !isDesignatedClient(this)) return;
    const state = { condition: sys.condition.key, poisoned: sys.poison.effect !== "none" };
    for (const change of derivedStatusChanges(state, this.statuses)) {
      await this.toggleStatusEffect(change.id, { active: change.active, overlay: change.overlay });
    }
  }

  protected override _onUpdate(...args: Parameters<Actor<SubType>["_onUpdate"]>): void {
    super._onUpdate(...args);
    void this.syncConditionStatuses();
  }

  protected override _onCreate(...args: Parameters<Actor<SubType>["_onCreate"]>): void {
    super._onCreate(...args);
    void this.syncConditionStatuses();
  }

  #counters(sys: GenesysSystem): DamageCounters {
    return { wounds: sys.wounds.value, fatigue: sys.fatigue.value };
  }

  async #commit(kind: CounterChange["kind"], before: DamageCounters, after: DamageCounters, damage: DamageResult | null, poisonDoses?: number): Promise<CounterChange> {
    const sys = this.genesys;
    const conditionBefore = sys?.condition.key ?? "normal";
    const deprivation = Math.min(sys?.fatigue.deprivation ?? 0, after.fatigue);
    const poison = poisonDoses === undefined ? {} : { poison: { doses: poisonDoses } };
    await this.update({ system: { wounds: { value: after.wounds }, fatigue: { value: after.fatigue, deprivation }, ...poison } });
    return {
      kind,
      actorUuid: this.uuid,
      before,
      after,
      condition: { before: conditionBefore, after: this.genesys?.condition.key ?? conditionBefore },
      damage,
    };
  }
}
