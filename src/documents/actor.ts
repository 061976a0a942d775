/** GenesysActor: roll data, damage and recovery through src/rules, and condition statuses kept in step. */
import { counterEditOf } from "../canvas/token-bars.js";
import { derivedStatusChanges, serialiseStatusSync } from "../config/statuses.js";
import { AnimalModel } from "../data/actor/animal.js";
import { CharacterModel } from "../data/actor/character.js";
import { NpcModel } from "../data/actor/npc.js";
import { ArmorModel, type BodyArea } from "../data/item/armor.js";
import { SkillModel } from "../data/item/skill.js";
import { isLimb, type AimedArea } from "../rules/attack.js";
import { VIPER_VENOM, venomDoses, type VenomInjection } from "../rules/advanced/animals.js";
import { resolveDamage, type DamageResult } from "../rules/damage.js";
import { recoverByRest, type RestPeriod } from "../rules/recovery.js";
import { conditionOf } from "../rules/condition.js";
import type { ConditionKey, DamageCounters, DamageType } from "../rules/types.js";
import { rulesOptions } from "../settings/rules-settings.js";
import { isDesignatedClient } from "./designated-client.js";
import { changesOverrides } from "./derived-overrides.js";
import { readLedger, recordInLedger, takeBackFromLedger, type LedgerAmounts, type LedgerEntry } from "./damage-ledger.js";
import type { CheckMessage, RollCheckOptions } from "./check-options.js";
import { checkRoller } from "./check-roller.js";
import { applyCharacteristicRises, noteCharacteristicRises } from "./characteristic-rise.js";
import { narratorRequests } from "./narrator-requests.js";
import { approveOnCreation, KEEP_APPROVALS } from "../effects/effect-approval.js";
import { crippledAfterHealing, crippledAfterHit, crippledAfterUndo, type CrippledEntry } from "./crippled-limbs.js";

export interface ApplyDamageOptions {
  amount: number;
  type: DamageType;
  /** The attacker aimed at a gap in the armour (§3.2.5): Df ignored. */
  armourPiercing?: boolean;
  aimedArea?: AimedArea;
  /** Which part of the body decides armour coverage; defaults from the aimed area (trunk → torso, arm → arms, leg → legs, vital → head). */
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

/** What an Undo took back, against what its change had added: less when the counters went down meanwhile. */
export interface UndoReport {
  change: CounterChange;
  taken: LedgerAmounts;
}

const AREA_FOR_AIM: Record<AimedArea, BodyArea | null> = { trunk: "torso", arm: "arms", leg: "legs", vital: "head", weapon: null };

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

  /** §1.7 check roll on a characteristic or a skill, posted to chat: the flow of src/check/check-flow.ts, registered at init. */
  async rollCheck(options: RollCheckOptions): Promise<CheckMessage | null> {
    return checkRoller()(this, options);
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
   * A Token HUD edit of a bar or value (v13 routes it here; dnd5e's Actor5e overrides this to apply HP damage). Core
   * would clamp a bar to [0, max] and write it: with max = Resistenza, "+3" Ferite could never kill, and our derived
   * bars (no stored field) would not be written at all. So an edit of Ferite or Fatica, or of a bar made from them
   * (src/canvas/token-bars.ts), becomes a change of the counter: up, a hit through the rules' pipeline of the type
   * that maps 1:1 onto that counter ("wounding" → Ferite, "shock" → Fatica, §2.3.6) with armour ignored, since what
   * is typed is what the table already decided; down, the counter lowered, never below 0. Either way the condition
   * and the statuses follow as for any other change. Other attributes are core's.
   */
  override async modifyTokenAttribute(attribute: string, value: number, isDelta?: boolean, isBar?: boolean): Promise<this | undefined> {
    const sys = this.genesys;
    const edit = sys ? counterEditOf(attribute, value, isDelta === true, sys) : null;
    if (!sys || !edit) return super.modifyTokenAttribute(attribute, value, isDelta, isBar);
    if (edit.change > 0) {
      await this.applyDamage({ amount: edit.change, type: edit.counter === "wounds" ? "wounding" : "shock", ignoreArmour: true });
      return this;
    }
    if (edit.change === 0) return this;
    if (!this.isOwner) {
      this.#notOwner();
      return undefined;
    }
    const before = this.#counters(sys);
    // Lowering a counter heals, which is not the player's to write (data/protected-fields.ts): it is asked for.
    if (!game.user.isGM) {
      await narratorRequests().edit(this, { [`${edit.counter}.value`]: Math.max(0, before[edit.counter] + edit.change) });
      return this;
    }
    const after = { ...before, [edit.counter]: Math.max(0, before[edit.counter] + edit.change) };
    await this.#write("recovery", before, after, null).written;
    return this;
  }

  /**
   * §2.3.6/§3.2.x one hit through the rules' damage pipeline, by an owner (a card's hit on someone else's actor is
   * applied by the GM's client, attack/card-intents.ts). With `recordId` the change is kept in the actor's damage ledger
   * in the same write, so that undoRecorded can take back exactly what is left of it. `genesys.preApplyDamage` may
   * stop it (null); `genesys.applyDamage` follows the write.
   */
  async applyDamage(options: ApplyDamageOptions, recordId?: string): Promise<CounterChange | null> {
    if (!this.genesys) return null;
    if (!this.isOwner) return this.#notOwner();
    // Ferite and Fatica are protected values: a player's hit on his own actor is applied by the Narrator's client.
    if (!game.user.isGM) return narratorRequests().damage(this, options);
    const started = this.startDamage(options, recordId);
    if (!started) return null;
    await started.written;
    return started.change;
  }

  /**
   * applyDamage on a Narrator's client, without waiting: the change is known before the write lands (the rules decide
   * it from what the actor holds now), so a card can record it in the same round of writes. Null for anyone else, or
   * when `genesys.preApplyDamage` stops it.
   */
  startDamage(options: ApplyDamageOptions, recordId?: string): { change: CounterChange; written: Promise<void> } | null {
    const sys = this.genesys;
    if (!sys || !game.user.isGM || !this.isOwner) return null;
    // Modules see the hit on the client that applies it (the Narrator's for a card); copies, so only a veto counts.
    if (!Hooks.call("genesys.preApplyDamage", this, { ...options })) return null;
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
    const injection = venom
      ? venomDoses(
          { damageAfterArmour: result.afterArmour, roll2d6: venom.roll, dosesInjectedToday: Math.min(venom.injectedToday, venom.maxPerDay) },
          { ...VIPER_VENOM, dosesDice: venom.dice, maxDosesPerDay: venom.maxPerDay },
        )
      : null;
    const poison = injection ? { before: sys.poison.doses, after: sys.poison.doses + injection.doses } : null;
    const ledger = recordId === undefined
      ? undefined
      : recordInLedger(this.ledger, { ...before, poison: sys.poison.doses }, { id: recordId, wounds: result.wounds, fatigue: result.fatigue, poison: injection?.doses ?? 0 });
    // §3.2.5 a person's limb the hit cripples is recorded with it, so that its Undo takes it back.
    const aimed = options.aimedArea ?? "trunk";
    const crippled = result.limbDisabled === true && isLimb(aimed) && !(sys instanceof AnimalModel)
      ? { crippledLimbs: crippledAfterHit(sys.crippledLimbs, aimed, before, after, recordId) }
      : {};
    const committed = this.#write("damage", before, after, result, poison?.after, ledger, crippled);
    const change = poison && injection ? { ...committed.change, poison, venom: injection } : committed.change;
    const written = committed.written.then(() => { Hooks.callAll("genesys.applyDamage", this, change, { ...options }); });
    return { change, written };
  }

  /**
   * The damage ledger the GM's client keeps on this actor (damage-ledger.ts), in `system.ledger`, which only a
   * Narrator writes. The flag earlier versions kept it in is not read: its owner could write it, and an older hit's
   * Undo then takes back nothing rather than what a rewritten flag says.
   */
  get ledger(): ReturnType<typeof readLedger> {
    return readLedger(this.genesys?.ledger ?? []);
  }

  /** §1.5.3 rest: 5 minutes → −1 Fatica, 1 day → −1 Ferita; deprivation Fatica waits for sleep, food or drink. */
  async recover(rest: RestPeriod): Promise<CounterChange | null> {
    const sys = this.genesys;
    if (!sys) return null;
    if (!this.isOwner) return this.#notOwner();
    if (!game.user.isGM) return narratorRequests().recover(this, rest);
    const started = this.startRecover(rest);
    if (!started) return null;
    await started.written;
    return started.change;
  }

  /** recover without waiting for its write (see startDamage); null for an actor this client may not heal. */
  startRecover(rest: RestPeriod): { change: CounterChange; written: Promise<void> } | null {
    const sys = this.genesys;
    if (!sys || !game.user.isGM || !this.isOwner) return null;
    const before = this.#counters(sys);
    const { counters } = recoverByRest(before, rest, sys.fatigue.deprivation);
    return this.#write("recovery", before, counters, null);
  }

  /**
   * Takes back what is left of a recorded change (damage-ledger.ts): all of it when nothing lowered the counters since,
   * less (or nothing, null) when rest or an edit already did; a later hit is never erased.
   */
  async undoRecorded(recordId: string, cap?: LedgerAmounts): Promise<UndoReport | null> {
    if (!this.genesys) return null;
    if (!this.isOwner) return this.#notOwner();
    const started = this.startUndo(recordId, cap);
    if (!started) return null;
    await started.written;
    return started.report;
  }

  /** undoRecorded without waiting for its write (see startDamage); null when nothing is left to take back. */
  startUndo(recordId: string, cap?: LedgerAmounts): { report: UndoReport; written: Promise<void> } | null {
    const sys = this.genesys;
    if (!sys || !this.isOwner) return null;
    const before = this.#counters(sys);
    const back = takeBackFromLedger(this.ledger, { ...before, poison: sys.poison.doses }, recordId, cap);
    if (!back) return null;
    const after = { wounds: before.wounds - back.taken.wounds, fatigue: before.fatigue - back.taken.fatigue };
    const doses = back.taken.poison > 0 ? sys.poison.doses - back.taken.poison : undefined;
    const limbs = sys instanceof AnimalModel ? null : crippledAfterUndo(sys.crippledLimbs, recordId);
    const { change, written } = this.#write("recovery", before, after, null, doses, back.entries, limbs ? { crippledLimbs: limbs } : {});
    return { report: { change, taken: back.taken }, written };
  }

  /**
   * Turns the condition statuses (and "poisoned") on or off to match the counters. Only the designated client acts.
   * Two quick updates start two syncs: run side by side, both would see the status missing and both create it, so the
   * syncs of one actor run one after another, each reading the counters and statuses when it starts. What a sync does
   * depends on the client it runs on (the designated one acts), so only one client's requests are ever merged.
   */
  async syncConditionStatuses(): Promise<void> {
    return serialiseStatusSync(`${game.user.id} ${this.uuid}`, async () => {
      const sys = this.genesys;
      if (!sys || !isDesignatedClient(this)) return;
      const person = sys instanceof AnimalModel ? null : sys;
      const crippled = person ? { arm: person.crippled.arm > 0, leg: person.crippled.leg > 0 } : undefined;
      const state = { condition: sys.condition.key, poisoned: sys.poison.effect !== "none", feverish: sys.poison.feverish, ...(crippled ? { crippled } : {}) };
      for (const change of derivedStatusChanges(state, this.statuses)) {
        await this.toggleStatusEffect(change.id, { active: change.active, overlay: change.overlay });
      }
      // §3.2.5 a limb mended (its hit's damage healed, by rest, time or an edit): its entry goes, on a Narrator's client.
      const mended = person && game.user.isGM ? crippledAfterHealing(person.crippledLimbs, { wounds: person.wounds.value, fatigue: person.fatigue.value }) : null;
      if (mended) await this.update({ system: { crippledLimbs: mended } });
    });
  }

  /**
   * §1.8.1 the rises of characteristics this write makes, noted while the old scores are still here; a player's
   * change of a derived override refused (documents/derived-overrides.ts says what this does not stop).
   */
  protected override async _preUpdate(...args: Parameters<Actor<SubType>["_preUpdate"]>): ReturnType<Actor<SubType>["_preUpdate"]> {
    const [changes, options] = args;
    const sys = this.genesys;
    if (!game.user.isGM && sys && !(sys instanceof AnimalModel) && changesOverrides(changes, sys._source.overrides)) {
      ui.notifications.warn(game.i18n.localize("GENESYS.Warn.OverrideNarratorOnly"));
      return false;
    }
    noteCharacteristicRises(this.genesys, changes, options);
    return super._preUpdate(...args);
  }

  /** A Narrator's new actor counts with its effects and its items' at once (effects/effect-approval.ts). */
  protected override async _preCreate(...args: Parameters<Actor<SubType>["_preCreate"]>): ReturnType<Actor<SubType>["_preCreate"]> {
    const [, options, user] = args;
    if (user.isGM) approveOnCreation(this, (options as Record<string, unknown>)[KEEP_APPROVALS] === true);
    return super._preCreate(...args);
  }

  protected override _onUpdate(...args: Parameters<Actor<SubType>["_onUpdate"]>): void {
    super._onUpdate(...args);
    void this.syncConditionStatuses();
    const [, options, userId] = args;
    void applyCharacteristicRises(this, options, userId).catch((error: unknown) => {
      console.error("GeneSys GdR | increment points not reset", error);
    });
  }

  protected override _onCreate(...args: Parameters<Actor<SubType>["_onCreate"]>): void {
    super._onCreate(...args);
    void this.syncConditionStatuses();
  }

  #notOwner(): null {
    ui.notifications.warn(game.i18n.format("GENESYS.Warn.NotOwner", { name: this.name }));
    return null;
  }

  #counters(sys: GenesysSystem): DamageCounters {
    return { wounds: sys.wounds.value, fatigue: sys.fatigue.value };
  }

  /** The counters' write, and the change it makes, known before it lands: the condition after is the rules' (§1.5.2). */
  #write(kind: CounterChange["kind"], before: DamageCounters, after: DamageCounters, damage: DamageResult | null, poisonDoses?: number, ledger?: LedgerEntry[], extra: { crippledLimbs?: CrippledEntry[] } = {}): { change: CounterChange; written: Promise<void> } {
    const sys = this.genesys;
    const conditionBefore = sys?.condition.key ?? "normal";
    const deprivation = Math.min(sys?.fatigue.deprivation ?? 0, after.fatigue);
    const poison = poisonDoses === undefined ? {} : { poison: { doses: poisonDoses } };
    // One write for the counters and the ledger: no client ever sees one without the other.
    const record = ledger === undefined ? {} : { ledger };
    const written = this.update({ system: { wounds: { value: after.wounds }, fatigue: { value: after.fatigue, deprivation }, ...poison, ...record, ...extra } }).then(() => undefined);
    const conditionAfter = sys ? conditionOf(after, sys.wounds.max) : conditionBefore;
    return { change: { kind, actorUuid: this.uuid, before, after, condition: { before: conditionBefore, after: conditionAfter }, damage }, written };
  }
}
