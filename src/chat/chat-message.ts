/**
 * The system's ChatMessage class (CONFIG.ChatMessage.documentClass): a message's element comes back from renderHTML
 * with its card already drawn (card-decorators.ts), as Foundry's own Crucible and shadowdark draw theirs in a
 * renderHTML override, rather than in a render hook whose asynchronous work ends after the log has shown the message.
 */
import { decorateMessage } from "./card-decorators.js";

export class GenesysChatMessage extends ChatMessage {
  override async renderHTML(...args: Parameters<ChatMessage["renderHTML"]>): Promise<HTMLElement> {
    const html = await super.renderHTML(...args);
    await decorateMessage(this, html);
    return html;
  }
}
