// prompt_injection: text that tries to take over the agent. Classes of behaviour:
//   - instruction override ("ignore all previous instructions", "forget everything above")
//   - fake system or authority messages ([SYSTEM]:, <|im_start|>system, "message from your
//     administrator", "BEGIN SYSTEM PROMPT")
//   - role or mode switches ("you are now in developer mode", "act as an unrestricted AI")
//   - concealment ("do not mention it to the user", "silently")
//   - exfiltration requests (credentials or files sent to a remote host)
//   - guard-rail disabling requests (bypassPermissions, disableAllHooks, --yolo, "turn off the
//     hooks"), plus other security controls and home-directory deletion
// Text is normalised before matching so the usual obfuscations do not hide it: case,
// zero-width and bidi characters, look-alike letters (Cyrillic/Greek/fullwidth), letters spaced
// or dotted apart, markdown emphasis, HTML comments splitting words, and base64 blobs (decoded
// and scanned). Obfuscation that was needed to see the override raises the severity. A phrase
// that is only quoted or discussed ("strip phrases like 'ignore all previous instructions'") is
// a mention, not an attack.
import { gatedExec, gatedTest, mayMatch, newScan } from './literal-gate.js';
import type { Severity } from '../types.js';
import { shiftSeverity } from '../findings.js';
import { credentialRisk } from './credential-paths.js';

const CATEGORY = 'prompt_injection';
const W = '\\s{1,4}';
const OVERRIDES: RegExp[] = [
  new RegExp(`\\b(?:ignore|disregard|forget|override|bypass|abandon|drop|discard|skip)${W}(?:(?:all|any|the|your|of|these|those|every|previous|prior)${W}){0,3}(?:previous|prior|above|earlier|preceding|system|original|safety|security|existing|initial|old|developer|default)${W}(?:instructions?|rules?|prompts?|directives?|guidelines?|polic(?:y|ies)|constraints?|guardrails?|guard${W}rails?|context|programming|orders)`, 'gi'),
  new RegExp(`\\b(?:ignore|disregard|forget)${W}(?:all${W}|everything${W}|anything${W})(?:you${W}(?:were|have${W}been)${W}told|(?:written${W}|said${W})?(?:above|before${W}this|so${W}far)|(?:of${W})?your${W}(?:instructions|rules|training))`, 'gi'),
  // The same order in the languages attack text is most often written in besides English: "ignore
  // (all) the previous instructions/rules" (Spanish, Portuguese, Italian, French, German, Dutch,
  // Polish, Russian, Chinese, Japanese, Korean). Matched on the text as written (homoglyph folding
  // would turn Cyrillic into Latin look-alikes).
  /(?:^|[^\p{L}])(?:ignora|ignore|ignorez|ignorer|olvida|olvide|esque[cç]a|esquece|dimentica|oubliez|oublie|ignoriere|ignorier|vergiss|vergessen\s{1,4}sie|negeer|vergeet|zignoruj|zapomnij|игнорируй|игнорируйте|забудь|забудьте)\s{1,4}(?:(?:todas|todos|tutte|tutti|toutes|tous|alle|all[ea]?|wszystkie|все|as|os|las|los|le|les|die|de|sämtliche)\s{1,4}){0,3}(?:(?:instrucciones|instru[cç][oõ]es|istruzioni|instructions|consignes|r[eè]gles|reglas|regras|regole|anweisungen|regeln|vorgaben|instructies|regels|instrukcje|zasady|инструкции|указания|правила)\s{1,4}(?:anteriores|previas|precedenti|précédentes|precedentes|vorherigen|bisherigen|obigen|vorigen|eerdere|poprzednie|предыдущие)|(?:anteriores|previas|precedenti|précédentes|vorherigen|bisherigen|obigen|vorigen|eerdere|poprzednie|предыдущие)\s{1,4}(?:instrucciones|instru[cç][oõ]es|istruzioni|instructions|consignes|anweisungen|regeln|vorgaben|instructies|regels|instrukcje|zasady|инструкции|указания|правила))/giu,
  /(?:忽略|无视|無視|忽视|忘记|忘記)(?:掉)?(?:之前|以前|先前|上面|上述|所有|全部|一切)(?:的)?(?:所有|全部)?(?:的)?(?:指令|指示|说明|說明|规则|規則|提示)|(?:以前|これまで|今まで|前|上記)の(?:すべての|全ての)?(?:指示|命令|ルール|指令)(?:を|は|も)(?:すべて|全て)?(?:無視|忘れ)|이전\s{0,2}(?:지시|명령|지침)(?:을|를)?\s{0,2}(?:모두\s{0,2})?무시/g,
  new RegExp(`\\b(?:stop|quit)${W}following${W}(?:your|the|all)${W}(?:previous${W}|original${W})?(?:instructions|rules|guidelines|polic(?:y|ies))`, 'gi'),
  new RegExp(`\\byour${W}(?:new|real|actual|updated)${W}(?:instructions?|orders|task|directive|rules)${W}(?:are|is)\\b`, 'gi'),
  new RegExp(`\\byour${W}(?:instructions|rules|orders|directives|guidelines|system${W}prompt)${W}(?:have|has)${W}(?:(?:just|now)${W})?(?:been${W})?(?:updated|changed|replaced|revoked|overridden|superseded|rewritten)\\b`, 'gi'),
  // Standing rules declared void ("prior safety guidance is void for this maintenance window").
  new RegExp(`\\b(?:prior|previous|earlier|existing|all|your|the|any|current)${W}(?:(?:safety|security|system)${W})?(?:guidance|instructions?|rules|restrictions|guidelines|polic(?:y|ies)|guard${W}?rails|constraints|safeguards)${W}(?:is|are|has${W}been|have${W}been)${W}(?:now${W}|hereby${W})?(?:void|null|cancell?ed|revoked|suspended|lifted|waived|rescinded|obsolete|superseded|no${W}longer${W}(?:apply|applies|valid|in${W}effect|active|binding))\\b`, 'gi'),
  // Someone else's limits named as the thing to drop ("ignore the user's restrictions", "ignore AGENTS.md").
  new RegExp(`\\b(?:ignore|disregard|forget|override|bypass)${W}(?:(?:all|any|the)${W})?(?:user'?s|users'|operator'?s|developer'?s|human'?s|owner'?s)${W}(?:(?:previous|prior|earlier|original|own)${W})?(?:instructions|rules|restrictions|guidelines|guard${W}?rails|polic(?:y|ies)|constraints|limits|wishes)\\b|\\b(?:ignore|disregard|forget|override|bypass)${W}(?:(?:all|any|the|your)${W})?(?:AGENTS\\.md|CLAUDE\\.md|GEMINI\\.md|\\.cursorrules|copilot-instructions(?:\\.md)?|(?:the${W})?system${W}prompt)(?=[\\s,.;:!]|$)`, 'gi'),
  /\bsystem\s{1,4}(?:override|prompt\s{1,4}override|instruction\s{1,4}update)\b/gi,
  new RegExp(`\\b(?:ignore|disregard|forget|override|bypass)${W}(?:all${W}(?:of${W})?(?:the${W}|your${W})?|your${W}(?:own${W})?)(?:instructions|rules|guidelines|guidance|guard${W}?rails|polic(?:y|ies)|restrictions|safety${W}[a-z]{2,12}|programming|training|directives)\\b`, 'gi'),
  new RegExp(`\\b(?:ignore|disregard|forget)${W}(?:the|these|those)${W}(?:instructions|rules|guidelines|guidance|restrictions)${W}(?:above|before|earlier|you${W}were${W}given)`, 'gi'),
  new RegExp(`\\bpretend${W}(?:that${W})?(?:the${W}|your${W})?(?:previous|prior|above|earlier|original)${W}(?:system${W})?(?:message|instructions?|prompt|rules)`, 'gi'),
  new RegExp(`\\b(?:safety|security|content)${W}(?:filters?|polic(?:y|ies)|rules?|restrictions?|guard${W}?rails?|checks?|mode)${W}(?:are|is|have${W}been|has${W}been)${W}(?:now${W})?(?:off|disabled|lifted|removed|suspended|turned${W}off)\\b|\\b(?:approvals?|permissions?${W}checks?|hooks)${W}(?:are|is|have${W}been)${W}(?:now${W})?(?:disabled|off|turned${W}off|not${W}required)\\b`, 'gi'),
  // Instructions smuggled in an encoding or a quotation, then ordered run.
  new RegExp(`\\b(?:decode|decrypt|translate|reverse|unscramble|deobfuscate)\\b[^\\n]{0,80}?\\b(?:and|then)${W}(?:do|follow|execute|run|obey|perform|carry${W}out)${W}(?:it|that|this|them|what${W}it${W}says|the${W}(?:result|output|decoded${W}[a-z]+|instructions?|commands?))\\b|\\b(?:do|execute|follow|obey)${W}what${W}it${W}says\\b|\\b(?:follow|execute|obey|run|carry${W}out)${W}(?:the${W})?(?:instructions?|commands?|steps)${W}(?:in|from|inside)${W}(?:this|that|the${W}(?:following|attached|encoded))${W}(?:base64|blob|string|encoded|hex|text|payload)|\\b(?:don't|do${W}not)${W}translate\\b[^\\n]{0,40}?\\b(?:execute|run|do)${W}(?:it|that|this)\\b`, 'gi'),
  // Fake system / authority messages.
  /(?:^|\n|\s|\[)\[{1,2}\s{0,2}(?:system|admin|administrator|developer|operator|root|security|anthropic|openai|assistant|ai|agent)(?:\s{1,2}(?:message|notice|override|instructions?|note|directive))?\s{0,2}(?:\]{1,2}|:)/gi,
  /<\|?(?:im_start\|>\s{0,2}system|system\|>|endoftext\|>)|<\/?\s{0,2}(?:system|system_prompt|sys)\s{0,2}>/gi,
  // A block of the conversation closed and an authority block opened ("</user><system>",
  // "</instructions><instructions>", "</document><admin>").
  /<\/\s{0,2}(?:user|human|instructions?|context|document|data|input|content|query|ticket|email)\s{0,2}>\s{0,3}<\s{0,2}(?:system|instructions?|admin|administrator|developer|operator|assistant|rules)\s{0,2}>/gi,
  /(?:^|\n|<!--)\s{0,4}(?:#{1,4}\s{0,3})?(?:SYSTEM|ADMINISTRATOR|ADMIN)(?:\s{1,2}(?:MESSAGE|NOTICE|PROMPT|OVERRIDE|UPDATE))?\s{0,2}:\s{0,3}(?=(?:you|the\s{1,3}user|user\s{1,3}(?:has|have|is|granted|approved|pre-?approved|authori[sz]ed)|ignore|disregard|forget|new|from\s{1,3}now|override|all|assistant|agent|ai|your|do\s{1,3}not|execute|run|safety|security|guard\s{0,1}rails|approvals?|permissions?|confirmations?|pre-?approved)\b)/gi,
  /(?:^|\n)\s{0,4}(?:#{1,4}\s{0,3})?(?:system|administrator|admin)\s{1,2}(?:message|notice|override)\s{0,2}:\s{0,3}(?=\S)/gi,
  /\b(?:begin|start)\s{1,4}(?:of\s{1,4})?(?:new\s{1,4})?system\s{1,4}(?:prompt|message|instructions)\b/gi,
  new RegExp(`\\bnew${W}(?:priority${W})?(?:policy|instructions?|rules?|directives?|orders)${W}(?:from|by)${W}(?:your${W}|the${W})?(?:[a-z]{2,20}${W}){0,2}(?:administrator|admin|developers?|operator|system|security${W}team|anthropic|openai|it${W}department)\\b`, 'gi'),
  new RegExp(`\\bnew${W}priority${W}(?:directive|instructions?|task|orders?)\\b`, 'gi'),
  new RegExp(`\\b(?:attention|note${W}to|message${W}to|hey)${W}(?:the${W}|any${W}|all${W})?(?:ai${W})?(?:agent|assistant|ai|model|llm|bot)s?${W}?[:,\u2014-]`, 'gi'),
  new RegExp(`\\b(?:message|notice|orders?|directive)${W}from${W}your${W}(?:system${W})?(?:administrator|admin|developers?|operator|creators?)\\b`, 'gi'),
  new RegExp(`\\bthis${W}is${W}your${W}(?:system${W})?(?:administrator|admin|developer|operator|creator)\\b`, 'gi'),
  // Role / mode switches.
  new RegExp(`\\byou${W}are${W}now${W}(?:in${W})?(?:[a-z-]{1,20}${W}){0,2}mode\\b`, 'gi'),
  new RegExp(`\\byou${W}are${W}(?:now${W})?(?:no${W}longer${W}(?:bound|restricted|an${W}ai)|(?:an?${W})?(?:unrestricted|unfiltered|jailbroken|uncensored)\\b|dan\\b)`, 'gi'),
  new RegExp(`\\b(?:act|behave|respond)${W}as${W}(?:if${W}you${W}(?:are|were|have)${W})?(?:an?${W})?(?:unrestricted|unfiltered|jailbroken|uncensored|no${W}(?:rules|restrictions|limits))`, 'gi'),
  new RegExp(`\\bpretend${W}(?:that${W})?(?:you${W}have${W}no|there${W}are${W}no|you${W}are${W}not${W}bound${W}by)${W}(?:[a-z]{1,15}${W})?(?:rules|restrictions|guidelines|limits|instructions)`, 'gi'),
  new RegExp(`\\b(?:enter|enable|activate|switch${W}to)${W}(?:god|jailbreak|unrestricted|dan)${W}mode\\b`, 'gi'),
  /\b(?:do\s{1,4}anything\s{1,4}now|dan\s{1,4}mode|jailbreak(?:ed)?\s{1,4}mode)\b/gi,
];
// Claims of authority that only matter together with a harmful request ("approved by security",
// "note from the repo owner (trusted)", "as the new admin I authorize you", "real task:").
const AUTHORITY = /\bnew\s{1,3}(?:priority\s{1,3})?(?:policy|instructions?|rules?|directives?|orders)\s{1,3}(?:from|by)\s{1,3}(?:[a-z]{2,20}\s{1,3}){0,3}(?:staff|team|owner|management|maintainers?)\b|\b(?:enter|enable|activate)\s{1,3}developer\s{1,3}mode\b|\bdeveloper\s{1,3}mode\s{1,3}(?:enabled|activated|on)\b|\b(?:approved|authori[sz]ed|sanctioned|cleared|signed\s{1,3}off)\s{1,3}by\s{1,3}(?:the\s{1,3})?(?:security|admin|administrator|it|management|owner|maintainers?|cto|ciso|ops)\b|\bi\s{1,3}(?:hereby\s{1,3})?authori[sz]e\s{1,3}you\b|\bas\s{1,3}(?:the|your)\s{1,3}(?:new\s{1,3})?(?:admin|administrator|owner|operator|developer|manager)\b|\b(?:note|message|instructions?|directive|orders?)\s{1,3}from\s{1,3}(?:the|your)\s{1,3}(?:[a-z]{2,12}\s{1,3})?(?:owner|admin|administrator|maintainer|operator|security\s{1,3}team|staff|boss|cto)\b|\(trusted\)|\b(?:real|actual|true)\s{1,3}(?:task|instructions?|objective)\s{0,2}:|\byou\s{1,3}(?:are|'re)\s{1,3}(?:now\s{1,3})?(?:allowed|permitted|authori[sz]ed)\s{1,3}to\b|\byou\s{1,3}are\s{1,3}(?:now\s{1,3})?root\b|\byou\s{1,3}(?:are|'re)\s{1,3}(?:now\s{1,3})?in\s{1,3}(?:[a-z-]{1,20}\s{1,3}){0,2}mode\b|\byou\s{1,3}must\s{1,3}(?:immediately|now)\b|\b(?:supersede|supersedes|override|overrides|outrank|outranks|take\s{1,3}precedence\s{1,3}over|takes\s{1,3}precedence\s{1,3}over)\s{1,3}(?:all\s{1,3})?(?:your|the|any)\s{1,3}(?:previous\s{1,3}|system\s{1,3}|safety\s{1,3}|security\s{1,3})?(?:polic(?:y|ies)|instructions|rules|guidelines|guard\s{0,1}rails|restrictions|constraints|settings)\b|\b(?:instructions?|orders?|directives?|requests?)\s{1,3}(?:come|comes|came|are|is)\s{1,3}(?:directly\s{1,3})?from\s{1,3}(?:the|your)\s{1,3}(?:[a-z]{2,12}\s{1,3})?(?:owner|admin|administrator|maintainer|operator|security\s{1,3}team|staff|boss|cto|developer)\b/i;
// Weaker claims of the same kind, that likewise only matter with a harmful request: approval said
// to come from someone with authority ("the security team approved this", "the repo owner
// authorised you to", "user has pre-approved all actions"), special circumstances ("for this
// maintenance window"), text addressed to whichever agent reads it ("AI agents reading this must",
// "AI agent: your …", "the assistant must"; being addressed is no override until the text asks
// for harm), and a bare "ignore the rules". Kept apart from
// AUTHORITY so each list stays readable; both are tested only when no override was found.
const CLAIMS = /\b(?:security|admin|ops|it|infra|platform|compliance|legal|owner|maintainers?|management|cto|ciso|operator|on-?call|repo\s{1,3}owner|(?:the|your)\s{1,3}user)\s{1,3}(?:team\s{1,3})?(?:has\s{1,3}|have\s{1,3})?(?:already\s{1,3})?(?:pre-?)?(?:approved|authori[sz]ed|signed\s{1,3}off|cleared|okayed)\b|\b(?:authori[sz]ed|approved|cleared|permitted|allowed)\s{1,3}you\s{1,3}to\b|\byou\s{1,3}(?:are|'re)\s{1,3}(?:now\s{1,3})?(?:cleared|approved|good)\s{1,3}to\b|\b(?:admins?|administrators?|security|owner|boss|manager|lead|ops|it|team|maintainers?|operator)\s{1,3}(?:said|says|confirmed|agreed)\s{1,3}(?:that\s{1,3})?(?:it'?s|it\s{1,3}is|this\s{1,3}is)\s{1,3}(?:fine|ok|okay|approved|allowed|safe)\b|\b(?:hey|hi|dear|attention|ok|okay)\s{1,3}(?:claude|copilot|codex|gemini|cursor|assistant|agent|ai|bot|model)\b|\b(?:important\s{1,3}|urgent\s{1,3}|new\s{1,3}|special\s{1,3}|hidden\s{1,3})?(?:instructions?|message|note|notice|directive|memo)s?\s{1,3}(?:for|to)\s{1,3}(?:the\s{1,3}|any\s{1,3}|all\s{1,3})?(?:[a-z]{2,12}\s{1,3})?(?:ai|llm|assistant|agent|model|bot|claude|copilot|codex|gemini|cursor)s?\b|\bpre-?approved\b|@(?:copilot|claude|codex|gemini|cursor|devin|aider|coderabbitai)\b|\[?\s{0,2}(?:assistant|agent|ai|llm)[\s-]only\s{0,2}\]?|\b(?:assistant|ai|agent|system|llm)\s{1,3}note\b|\b(?:has\s{1,3})?(?:enabled|activated|turned\s{1,3}on)\s{1,3}developer\s{1,3}mode\b|\bdeveloper\s{1,3}mode\s{1,3}(?:assistants?|agents?|models?)\b|["']role["']\s{0,3}:\s{0,3}["'](?:system|developer)["']|(?:^|\n)\s{0,3}(?:human|user|assistant)\s{0,2}:[^\n]{1,300}\n(?:\s{0,3}\n){0,3}\s{0,3}(?:human|user|assistant|system)\s{0,2}:|\b(?:ignore|disregard|forget)\s{1,3}(?:all\s{1,3}(?:of\s{1,3})?)?(?:the|everything)\s{1,3}(?:above|before|prior)\b(?!\s{1,3}(?:error|warning|message|output|log|line|step|comment|question|change|diff|code|file))|\b(?:for|during)\s{1,3}(?:this|the)\s{1,3}maintenance\s{1,3}window\b|\b(?:ai|llm|assistant|agent|model|claude|gpt|gemini|copilot|codex|cursor)s?\s{1,4}(?:reading|processing|parsing|summari[sz]ing|reviewing|seeing)\s{1,4}this\b|\b(?:ai|llm)\s{1,3}(?:agents?|assistants?|models?|bots?)\b(?:\s{0,3}[:,\u2014]|\s{1,3}(?:must|should|shall|need\s{1,3}to|are\s{1,3}(?:required|instructed|expected)\s{1,3}to))|(?:^|[.!?]\s{1,3}|\n)\s{0,3}(?:agent|assistant|claude|copilot|codex|gemini|cursor)\s{0,3}[:,]\s{0,3}(?:your|you|run|execute|please|ignore|now)\b|\bthe\s{1,3}(?:assistant|agent|ai|model)\s{1,3}(?:must|shall|is\s{1,3}required\s{1,3}to|has\s{1,3}to)\b|\b(?:ignore|disregard|forget|bypass)\s{1,3}(?:(?:all|any|the|your|these|those)\s{1,3})?(?:rules|restrictions|guidelines|guard\s{0,1}rails|polic(?:y|ies)|safety\s{1,3}(?:rules|checks|guidance)|constraints|limits|permissions)\b/i;
// Look-alike digits in words ("1gn0r3 pr3v10u5 1n57ruc710n5").
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b' };

/** Digits read as letters inside words that mix both ("1gn0r3" → "ignore"); hex, versions and plain numbers are kept. */
function unleet(text: string): string {
  if (!/[a-z][0-9]|[0-9][a-z]/i.test(text)) return text;
  const out = text.replace(/\b(?=[A-Za-z0-9]*[A-Za-z])(?=[A-Za-z0-9]*[0-9])[A-Za-z0-9]{4,}\b/g, (w) => (/^(?:[0-9a-f]+|[a-z]+[0-9]{1,3}|[0-9]+[a-z]{1,3}|v?[0-9]+[a-z][0-9]*)$/i.test(w) ? w : w.replace(/[0-9]/g, (d) => LEET[d] ?? d)));
  if (out === text) return text;
  // Once the text is known to be written in leetspeak, the short words and the digit-led ones are
  // too ("4ll", "th3", "734m"); ordinals and a few units ("1st", "3am", "4gb") still read as numbers.
  return out.replace(/\b(?=[A-Za-z0-9]*[A-Za-z])(?=[A-Za-z0-9]*[0-9])[A-Za-z0-9]{2,}\b/g, (w) => (/^(?:[0-9]+(?:st|nd|rd|th|[kmgt]b|ms|px|em)|(?:1[0-2]|0?[1-9])(?:am|pm))$/i.test(w) ? w : w.replace(/[0-9]/g, (d) => LEET[d] ?? d)));
}
// Harmful requests in plain words, beyond the named ones below.
const DESTROY_WORDS = /\b(?:delet(?:e|es|ed|ing)|remov(?:e|es|ed|ing)|wip(?:e|es|ed|ing)|eras(?:e|es|ed|ing)|destroy(?:s|ed|ing)?|purg(?:e|es|ed|ing)|nuk(?:e|es|ed|ing)|shred(?:s|ded|ding)?)\s{1,3}(?:(?:all|every|the|your|my|entire|whole)\s{1,3}){0,2}(?:~|\/|\$HOME|\.git\b|(?:[a-z]{2,12}\s{1,3})?(?:projects?|repos?|repositor(?:y|ies)|home\s{1,3}(?:dir|directory|folder)|databases?|backups?|keys?|ssh\s{1,3}keys?|tests?\s{1,3}(?:dir|directory|folder)|logs?|history|audit\s{1,3}trail|files)\b)/i;
const FORCE_PUSH = /\bforce[\s-]{1,2}push|\bpush\s{1,3}(?:[^\n]{0,40}\s)?(?:-f\b|--force\b)|\bgit\s{1,3}push\s{1,3}[^\n]{0,40}\+(?:main|master)\b/i;
const PIPE_SHELL = /\b(?:curl|wget|iwr|irm)\b[^\n|]{0,200}\|\s{0,3}(?:sudo\s{1,3})?(?:ba|z|da|k)?sh\b|\b(?:curl|wget)\b[^\n|]{0,200}\|\s{0,3}(?:sudo\s{1,3})?python/i;
// Sending something back through the channel the text lives in (an issue, a chat message).
const IN_CHANNEL = /\b(?:paste|post|put|include|add|share|write|send|leak)\b[^\n]{0,40}?\b(?:in|into|to|on)\s{1,3}(?:this|the|a)\s{1,3}(?:issue|channel|comment|thread|message|chat|pr|pull\s{1,3}request|gist|reply|response|ticket)\b/i;

const CONCEAL = /\b(?:do\s{1,4}not|don't|never)\s{1,4}(?:mention|tell|reveal|inform|notify|show|report|disclose|log|alert|warn)\b.{0,40}?\b(?:user|anyone|human|them|operator|developer)\b|\b(?:delete|remove|erase)\s{1,4}this\s{1,4}(?:message|instruction|comment|note)|\bwithout\s{1,4}(?:telling|informing|notifying|asking|alerting)\s{1,4}(?:the\s{1,4})?(?:user|anyone|operator|developer)\b|\bwithout\s{1,4}(?:the\s{1,4})?(?:user|anyone)\s{1,4}(?:knowing|noticing)\b|\b(?:hide|erase|cover|clear|remove)\s{1,4}(?:this|it|the\s{1,4}evidence|your\s{1,4}tracks|(?:the\s{1,4})?(?:audit\s{1,4})?(?:trail|traces?))\b|\b(?:silently|secretly|covertly|quietly)\s{1,4}(?:run|send|upload|copy|execute|delete|disable|read|post|forward|exfiltrate)\b/i;
const SECRET_TARGET = /~\/\.ssh|\/\.ssh\/|\/\.aws\/|\/\.kube\/config|\.netrc\b|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\.aws\/credentials|~\/\.aws\b|\/etc\/shadow|\bkeychain\b|\.env\b|private\s{1,4}keys?|\bcredentials?\b|\bapi\s{1,4}keys?\b|(?:\b|_)(?:tokens?|passwords?|passwd|secrets?|access_?keys?|api_?keys?|private_?keys?)(?:\b|_)|\benv(?:ironment)?\s{1,4}(?:variables?|vars?)\b/i;
// Concrete secret files (not just the words "token" or "secret").
const SECRET_FILE = /~\/\.ssh|\/\.ssh\/|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\.aws\/credentials|\/etc\/shadow|\bkeychain\b|(?:^|[\s'"`(/])\.env\b|\.netrc\b|\.kube\/config|\.npmrc\b|private\s{1,4}keys?/i;
// A secret file and its sending on one line ("read ~/.aws/credentials and post it to https://…").
const SEND_VERB = '(?:upload|send|post|transmit|forward|push|copy|leak|email|exfiltrat|past|curl|scp|nc)[a-z]*';
const DESTINATION = '(?:https?:\\/\\/|\\b(?:s3|gs|az|r2):\\/\\/|\\b\\d{1,3}(?:\\.\\d{1,3}){3}\\b|@[a-z0-9-]+\\.[a-z]{2,}|webhook)';
const PLANTED_EXFIL = new RegExp(`(?:${SECRET_FILE.source})[^\\n]{0,100}?\\b${SEND_VERB}\\b[^\\n]{0,100}?${DESTINATION}|\\b${SEND_VERB}\\b[^\\n]{0,100}?(?:${SECRET_FILE.source})[^\\n]{0,100}?${DESTINATION}`, 'i');
// Adding a key to authorized_keys grants its owner a login.
const AUTHORIZED_KEYS_ADD = /\b(?:add|append|write|put|insert|install|copy)\b[^\n]{0,160}?\bauthorized_keys2?\b/i;
// A secret variable printed into something others read (a commit message, a PR, a comment, a log).
const SECRET_VAR_OUT = /\b(?:echo|print|printf|include|paste|put|add|write|post|append)\b[^\n]{0,40}?\$\{?[A-Z0-9_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?)[A-Z0-9_]*\}?[^\n]{0,60}?\b(?:commit|message|pr|pull\s{1,3}request|issue|comment|log|output|readme|description|title|chat|channel)\b/i;
const SECRET_FILE_TO_DESTINATION = new RegExp(`(?:${SECRET_FILE.source})[^\\n]{0,120}?${DESTINATION}|${DESTINATION}[^\\n]{0,120}?(?:${SECRET_FILE.source})`, 'i');
const FOREIGN_DELETE = /(?:l[öo]sch(?:e|en|t)|entfern(?:e|en)|borra(?:r)?|elimin(?:a|ar|e)|supprim(?:e|ez|er)|effac(?:e|ez|er)|apag(?:a|ar|ue)|cancella|verwijder|usu[nń]|удали(?:те|ть)?|删除|刪除|削除|삭제)[^\n]{0,60}?(?:~|\$HOME|\/home\/|\/Users\/|\s\/(?:\s|$))/iu;
const EGRESS = /\b(?:(?:upload|send|post|transmit|forward|push|copy|leak|email|export)(?:s|ed|ing)?|scp|rsync|sftp|exfiltrat(?:e|es|ed|ing)|past(?:e|es|ed|ing)|cop(?:ies|ied|ying))\b[\s\S]{0,120}?(?:https?:\/\/|\b(?:s3|gs|az|r2|abfss?|wasbs?|sftp|ftp|scp):\/\/|\b\d{1,3}(?:\.\d{1,3}){3}\b|\bgit@|\bwebhook\b|\bpastebin\b|@[a-z0-9-]+\.[a-z]{2,})|\bcurl\b[^\n]{0,80}?(?:-d\b|--data|-T\b|-F\b|@-)|\|\s{0,3}nc\b/i;
const DISABLE = /\b(?:disable|delete|remove|turn\s{1,4}off|kill|uninstall|bypass|skip|empty|clear|deactivate|switch\s{1,4}off)\b.{0,60}?\b(?:hooks?|hooks\.json|security|antivirus|edr|firewall|selinux|apparmor|audit|monitoring|guardrails?|guard\s{1,4}rails?|policy|sandbox|permission\s{1,4}(?:prompts?|checks?)|approvals?)\b/i;
// Naming the switches that turn an agent's own guard rails off.
const GUARD_RAIL_SWITCH = /\bbypassPermissions\b|\bdisableAllHooks\b|--dangerously-(?:skip-permissions|bypass-approvals-and-sandbox|bypass-hook-trust)|\bapproval_policy\s{0,3}=\s{0,3}["']?never|\bdanger-full-access\b|--yolo\b|\byolo\s{1,4}mode\b|\bhooksConfig\b[^\n]{0,40}false|\bfolderTrust\b[^\n]{0,40}false|\benableAllProjectMcpServers\b|\bBash\(\*\)/i;
// An agent's hooks or settings file named together with a change that empties or rewrites it.
const AGENT_FILE = String.raw`(?:(?:\.agents|\.claude|\.cursor|\.codex|\.gemini|\.windsurf|\.copilot|\.codeium)(?:\/[\w.-]{1,40}){0,2}\/[\w.-]{0,40}(?:hooks|settings|config)[\w.-]{0,20}\.(?:json|toml)|\.github\/hooks\/[\w.-]{1,40}\.json|\bhooks\.json\b)`;
const GUARD_FILE_EDIT = new RegExp(String.raw`\b(?:replace|overwrite|empty|clear|edit|modify|delete|remove|truncate|wipe|blank|rewrite|rm)\b[^\n]{0,80}?${AGENT_FILE}|${AGENT_FILE}[^\n]{0,80}?\b(?:replace|overwrite|empty|clear|delete|remove|truncate|wipe|blank|rewrite)\b`, 'i');
// Running whatever some download brings, without knowing what it is.
const RUN_DOWNLOADED = /\b(?:run|execute|exec|source|eval)\b[^\n]{0,60}?(?:\bwhatever\b[^\n]{0,60}?\b(?:downloads|fetches|pulls|returns)\b|\bdownloaded\s{1,3}(?:script|file|code|payload|binary)\b|\b(?:script|file|code|payload|binary)\s{1,3}(?:it\s{1,3})?(?:downloads|fetches)\b)|\b(?:run|execute|exec|source|eval)\b[^\n]{0,80}?\bfrom\s{1,3}(?:https?:\/\/)?(?:pastebin|paste\.ee|hastebin|ghostbin|transfer\.sh|gist\.githubusercontent)\b/i;
// Instructions in markup the user does not see: HTML comments, elements hidden with CSS,
// markdown link-reference comments.
const HIDDEN_MARKUP = /<!--([\s\S]{0,2000}?)-->|<(?:span|div|p|section)\b[^>]{0,200}?(?:display\s{0,2}:\s{0,2}none|visibility\s{0,2}:\s{0,2}hidden|font-size\s{0,2}:\s{0,2}0)[^>]{0,200}>([\s\S]{0,2000}?)<\/|^\s{0,3}\[\/\/\]:\s{0,3}#\s{0,3}\(([^)\n]{0,2000})\)/gim;
// Addressed to an agent ("AI agents:", "assistant,") or an order to run something.
const AGENT_DIRECTIVE = /\b(?:ai|llm|assistants?|agents?|models?|bots?|claude|gpt|gemini|copilot|codex|cursor)\s{0,3}[:,]|\b(?:run|execute|exec|curl|wget|download|send|upload|delete|remove)\b/i;

/** Text of hidden markup that gives an agent orders, or null. */
function hiddenDirective(raw: string): string | null {
  if (!raw.includes('<') && !raw.includes('[//]')) return null;
  HIDDEN_MARKUP.lastIndex = 0;
  for (let m = HIDDEN_MARKUP.exec(raw); m; m = HIDDEN_MARKUP.exec(raw)) {
    const body = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    if (body && AGENT_DIRECTIVE.test(body)) return body;
  }
  return null;
}

const DESTROY = /\brm\s{1,4}-[a-z]*r[a-z]*\s{1,4}(?:~|\/|\$HOME)(?:\s|$|\/\s)/i;
const HIDDEN = /<!--[\s\S]{0,2000}?-->|[\u200b-\u200f\u2060\u202a-\u202e]/;
// Introductions of a mention rather than a use: "phrases like …", "detect …", "e.g. …".
const DISCUSSION = /(?:phrases?|strings?|text|inputs?|prompts?|messages?|patterns?|attacks?|payloads?|examples?|attempts?|injections?|things|sentences?|words?|keywords?)\s{1,3}(?:like|such\s{1,3}as|containing|that\s{1,3}say|saying|with)\s{0,3}[:\-]?\s{0,3}$|(?:e\.g\.|i\.e\.|for\s{1,3}example|such\s{1,3}as|detects?|detecting|flags?|flagging|filters?|filtering|blocks?|blocking|rejects?|rejecting|strips?|stripping|sanitizes?|recogni[sz]es?|classif(?:y|ies)|matches|catch(?:es)?|the\s{1,3}phrase|the\s{1,3}string)\s{0,3}[:\-]?\s{0,3}$/i;

// Look-alike letters an attacker swaps in (Cyrillic, Greek, Latin small capitals) → ASCII.
const HOMOGLYPHS: Record<string, string> = {
  '\u0430': 'a', '\u0435': 'e', '\u043e': 'o', '\u0440': 'p', '\u0441': 'c', '\u0443': 'y', '\u0445': 'x', '\u0456': 'i', '\u0455': 's', '\u0458': 'j', '\u0501': 'd', '\u04bb': 'h', '\u0261': 'g', '\u043a': 'k', '\u043c': 'm', '\u0442': 't', '\u043d': 'h', '\u0432': 'b', '\u0491': 'r',
  '\u0410': 'A', '\u0415': 'E', '\u041e': 'O', '\u0420': 'P', '\u0421': 'C', '\u0423': 'Y', '\u0425': 'X', '\u0406': 'I', '\u0405': 'S', '\u0408': 'J', '\u041a': 'K', '\u041c': 'M', '\u0422': 'T', '\u041d': 'H', '\u0412': 'B',
  '\u03b1': 'a', '\u03bf': 'o', '\u03b5': 'e', '\u03b9': 'i', '\u03ba': 'k', '\u03bd': 'v', '\u03c1': 'p', '\u03c4': 't', '\u03c5': 'u', '\u03c7': 'x',
  '\u0391': 'A', '\u0392': 'B', '\u0395': 'E', '\u0396': 'Z', '\u0397': 'H', '\u0399': 'I', '\u039a': 'K', '\u039c': 'M', '\u039d': 'N', '\u039f': 'O', '\u03a1': 'P', '\u03a4': 'T', '\u03a5': 'Y', '\u03a7': 'X',
  '\u1d00': 'a', '\u0299': 'b', '\u1d04': 'c', '\u1d05': 'd', '\u1d07': 'e', '\u0262': 'g', '\u029c': 'h', '\u026a': 'i', '\u1d0a': 'j', '\u1d0b': 'k', '\u029f': 'l', '\u1d0d': 'm', '\u0274': 'n', '\u1d0f': 'o', '\u1d18': 'p', '\u0280': 'r', '\ua731': 's', '\u1d1b': 't', '\u1d1c': 'u', '\u1d20': 'v', '\u1d21': 'w', '\u028f': 'y', '\u1d22': 'z',
};
const INVISIBLE = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u206a-\u206f\ufeff]/g;
export const NEEDS_NORMALIZING = /[^\x00-\x7f]|<!--|\*|__|~~|\b[a-z](?:[\s.\-_*|]{1,2}[a-z])\b|[A-Za-z0-9+/]{24}/i;

// Character classes of the ASCII range for needsNormalizing, one table look-up per character.
const LETTER = 1;
const WORD = 2; // `\w` without the u flag
const BASE64 = 4;
const GAP = 8; // `[\s.\-_*|]` for ASCII (a non-ASCII space makes the text need normalizing anyway)
const MARK = 16; // `*`, `<`, `_`, `~`: the start of a marker alternative
const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  const letter = /[A-Za-z]/.test(ch);
  const digit = /[0-9]/.test(ch);
  ASCII_CLASS[c] = (letter ? LETTER : 0) | (letter || digit || ch === '_' ? WORD : 0) | (letter || digit || ch === '+' || ch === '/' ? BASE64 : 0) | (/[\s.\-_*|]/.test(ch) ? GAP : 0) | ('*<_~'.includes(ch) ? MARK : 0);
}

/** The class bits of the character at `i` (0 past the end; non-ASCII is handled before). */
function classAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c < 128 ? ASCII_CLASS[c] : 0;
}

/**
 * `NEEDS_NORMALIZING.test(text)` in one pass. The regex tried its base64 alternative from every
 * position of every word, about 1 ms per 100 KB of prose; this counts the run instead.
 * test/policy/injection-scan.test.ts checks the two agree.
 */
export function needsNormalizing(text: string): boolean {
  const n = text.length;
  let run = 0; // base64-alphabet characters in a row
  let prevWord = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) return true;
    const k = ASCII_CLASS[c];
    if (k & BASE64) {
      if (++run >= 24) return true;
    } else run = 0;
    if (k & MARK) {
      if (c === 42 /* * */) return true;
      if (c === 60 /* < */ ? text.startsWith('<!--', i) : text.charCodeAt(i + 1) === c) return true; // `<!--`, `__`, `~~`
    }
    // `\b[a-z](?:[gap]{1,2}[a-z])\b`: a lone letter, one or two gap characters, a lone letter.
    if (k & LETTER && !prevWord && classAt(text, i + 1) & GAP) {
      if (classAt(text, i + 2) & LETTER && !(classAt(text, i + 3) & WORD)) return true;
      if (classAt(text, i + 2) & GAP && classAt(text, i + 3) & LETTER && !(classAt(text, i + 4) & WORD)) return true;
    }
    prevWord = (k & WORD) !== 0;
  }
  return false;
}
const BASE64_RUN = /(?:[A-Za-z0-9+/]{4}){6,}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?/g;

/** The expressions findInjection runs through literal gates (literal-gate.ts), for its tests. */
export const GATED_EXPRESSIONS: readonly RegExp[] = [...OVERRIDES, AUTHORITY, CLAIMS, CONCEAL, EGRESS, IN_CHANNEL, SECRET_TARGET, DISABLE, GUARD_RAIL_SWITCH];

function foldHomoglyphs(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFKC')) out += HOMOGLYPHS[ch] ?? ch;
  return out;
}

/** Decoded base64 blobs that are readable text (an instruction smuggled past a reader). */
function decodedBlobs(text: string): string[] {
  const out: string[] = [];
  BASE64_RUN.lastIndex = 0;
  for (let m = BASE64_RUN.exec(text); m && out.length < 8; m = BASE64_RUN.exec(text)) {
    if (m[0].length > 20_000) continue;
    let decoded: string;
    try {
      decoded = Buffer.from(m[0], 'base64').toString('utf8');
    } catch {
      continue;
    }
    if (decoded.length >= 12 && /^[\x09\x0a\x0d\x20-\x7e]+$/.test(decoded) && /[a-z]{3,}\s[a-z]{2,}/i.test(decoded)) out.push(decoded);
  }
  return out;
}

/**
 * The text as the model would read it: invisible characters removed, look-alikes folded,
 * emphasis and empty HTML comments dropped, spaced-out letters joined, base64 decoded and
 * appended. Returns the same string when nothing needed changing.
 */
export function normalizeForInjection(text: string): string {
  if (!needsNormalizing(text)) return text;
  let t = text.replace(INVISIBLE, '');
  if (/[^\x00-\x7f]/.test(t)) t = foldHomoglyphs(t);
  // A comment splitting a word ("ig<!-- x -->nore") is cut out; its text is kept, at the end.
  const comments: string[] = [];
  if (t.includes('<!--')) t = t.replace(/<!--([\s\S]{0,2000}?)-->/g, (_, body: string) => (comments.push(body), '')).replace(/<!--|-->/g, ' ');
  // Emphasis markers next to letters ("**Ignore**", "ig**nore"); a `*` glob in a path stays.
  if (/\*|__|~~/.test(t)) t = t.replace(/([A-Za-z])(?:\*{1,3}|__|~~)(?=[A-Za-z])/g, '$1').replace(/(?<=^|[\s(])(?:\*{1,3}|__|~~)(?=[A-Za-z])|(?<=[A-Za-z])(?:\*{1,3}|__|~~)(?=$|[\s).,;:!?])/g, '');
  if (comments.length) t = `${t}\n${comments.join('\n')}`;
  // "i g n o r e", "i.g.n.o.r.e", "n o" → "ignore", "no" (words stay apart where the gap is
  // wider than the gap between letters).
  // With letters split by punctuation the spaces are the word gaps ("i-g-n-o-r-e a-l-l").
  t = t.replace(/\b[A-Za-z](?:(?: |[.\-|] ?)[A-Za-z])+\b/g, (run) => (/[.\-|]/.test(run) ? run.split(/ +/).map((w) => w.replace(/[.\-|]/g, '')).join(' ') : run.replace(/ /g, '')));
  const blobs = /[A-Za-z0-9+/]{24}/.test(text) ? decodedBlobs(text) : [];
  return blobs.length ? `${t}\n${blobs.join('\n')}` : t;
}

// Path-looking words in prose: `~/…`, `$HOME/…`, absolute paths, dotfiles.
const PATH_WORD = /(?:~|\$\{?HOME\}?)?\/[^\s'"`()<>|;,]{1,300}|(?<![\w/])\.[A-Za-z][^\s'"`()<>|;,]{0,300}/g;

/**
 * The first credential file or directory the text names, judged by the one credential path
 * table (credential-paths.ts), so prose naming `~/.config/gh/hosts.yml` or `~/.pypirc` counts as
 * naming a secret just as a command reading it would.
 */
function credentialPathIn(text: string): string | null {
  PATH_WORD.lastIndex = 0;
  let n = 0;
  for (let m = PATH_WORD.exec(text); m && n < 200; m = PATH_WORD.exec(text), n++) {
    const p = m[0].replace(/^\$\{?HOME\}?/, '~').replace(/[.:!?]+$/, '');
    if (credentialRisk(p)) return p;
  }
  return null;
}

function quotedAt(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 2), start);
  const after = text.slice(end, end + 2);
  return /['"`\u201c\u2018\u00ab]/.test(before) && /['"`\u201d\u2019\u00bb]/.test(after);
}

// Words that make a quotation a specimen being talked about rather than relayed orders.
const SPECIMEN = /\b(?:document|docs?|explain|example|attacks?|payloads?|phrases?|strings?|detect|detector|flag|flagged|tests?|known|classic|injections?|sanitiz|filters?|blocklist|denylist|red-?team|mention)/i;

function discussedAt(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 60), start).replace(/['"`\u201c\u2018\u00ab(]+\s*$/, '');
  if (DISCUSSION.test(before)) return true;
  // Inside a double-quoted span on the line, with the sentence around it talking about the
  // quotation ("document that \"AI agents reading this must …\" is a known attack"). Single
  // quotes are not counted: relayed page text is quoted with them as often as not, and an
  // apostrophe cannot be told from a quote.
  const lineStart = text.lastIndexOf('\n', start) + 1;
  if (start === 0) return false;
  const open = Math.max(text.lastIndexOf('"', start - 1), text.lastIndexOf('\u201c', start - 1));
  if (open < lineStart || start - open > 120) return false;
  const inner = text.slice(open + 1, start);
  if (inner.includes('"') || inner.includes('\u201d')) return false;
  const close = text.slice(start, start + 400).search(/["\u201d]/);
  if (close < 0) return false;
  const after = text.slice(start + close + 1, start + close + 80);
  return SPECIMEN.test(text.slice(Math.max(lineStart, open - 120), open)) || SPECIMEN.test(after.split('\n', 1)[0]);
}

/** The first match of `re` (not global) that is not a quotation being discussed. */
function claimIn(text: string, re: RegExp): string | null {
  const m = gatedExec(re, text);
  if (!m) return null;
  const start = m.index + (m[0].length - m[0].trimStart().length);
  return discussedAt(text, start) ? null : m[0].trim();
}

function findOverride(t: string): string | null {
  for (const re of OVERRIDES) {
    if (!mayMatch(re, t)) continue;
    re.lastIndex = 0;
    for (let m = re.exec(t); m; m = re.exec(t)) {
      const start = m.index + (m[0].length - m[0].trimStart().length);
      const end = m.index + m[0].length;
      if (!quotedAt(t, start, end) && !discussedAt(t, start)) return m[0].trim();
      if (m[0].length === 0) re.lastIndex++;
    }
  }
  return null;
}

export interface InjectionHit {
  patternName: string;
  severity: Severity;
  category: string;
  reason: string;
}

/**
 * Scores `text`. `shift` lowers the severity for places where quoting attack text is common
 * (file content, tool output), -1 per step. The reason starts with "Text " so callers can
 * name the place ("The prompt …").
 */
/** A line that names a guard-rail switch as something to do, not something to avoid. */
function asksForGuardRailSwitch(text: string): boolean {
  return affirmedLine(GUARD_RAIL_SWITCH, text);
}

// A line that says not to do something ("Do not edit .gemini/settings.json") asks for the opposite.
const NEGATED = /\b(?:never|don't|do\s{1,3}not|avoid|must\s{1,3}not|should\s{1,3}not|shouldn't|without|instead\s{1,3}of|not\s{1,3}allowed|forbidden|dangerous|risk[a-z]*)\b/i;

/** True when a line of `text` matches `re` and does not say not to. */
function affirmedLine(re: RegExp, text: string): boolean {
  for (const line of text.split('\n', 2000)) if (re.test(line) && !NEGATED.test(line)) return true;
  return false;
}

export interface InjectionOptions {
  /**
   * Names the harm of commands embedded in the text (`run \`rm -rf ~/x\``), e.g. by running
   * them through the shell rules; null when harmless. Called only when the text also tries
   * to override the agent, so its cost is paid on suspicious text only.
   */
  harmful?: (text: string) => string | null;
  /**
   * The text becomes standing instructions for later sessions (CLAUDE.md, AGENTS.md, rules
   * files): a request to send credentials away or turn guard rails off needs no override there.
   */
  standing?: boolean;
}

const CODE_SPAN = /`([^`\n]{2,400})`|(?:^|\n)\s{0,4}\$\s([^\n]{2,400})|(?:^|[.;:!?]\s{1,3}|\n\s{0,4}|\b(?:run|execute|exec|then|and|now|please|just)\s{1,3}(?:this\s{1,3})?:?\s{0,3})((?:sudo\s{1,3})?(?:rm|curl|wget|git|cat|tar|scp|rsync|nc|bash|sh|python3?|node|chmod|chown|dd|mkfs|shred|kubectl|aws|gcloud|az|terraform|docker|find|base64|openssl)\s[^\n]{0,300}?)(?=[.;!?](?:\s|$)|\n|$)/g;

/** Command-looking snippets in prose: backtick spans, `$ ` lines, "run <program> …". */
export function embeddedCommands(text: string): string[] {
  const out: string[] = [];
  CODE_SPAN.lastIndex = 0;
  for (let m = CODE_SPAN.exec(text); m && out.length < 20; m = CODE_SPAN.exec(text)) out.push((m[1] ?? m[2] ?? m[3]).trim());
  return out;
}

/**
 * Scores `text`. `shift` lowers the severity for places where quoting attack text is common
 * (file content, tool output), -1 per step. The reason starts with "Text " so callers can
 * name the place ("The prompt …").
 */
export function findInjection(text: string, shift = 0, limit = 100_000, opts: InjectionOptions = {}): InjectionHit | null {
  newScan();
  const raw = text.length > limit ? text.slice(0, limit) : text;
  // An instruction needs words: a text without a single space (a hash, a minified blob) is skipped.
  // (Chinese, Japanese and Korean sentences need no spaces.)
  if (!/\S\s+\S/.test(raw) && !/[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/.test(raw)) return null;
  const t = normalizeForInjection(raw);
  let override = findOverride(raw);
  let obfuscated = false;
  if (!override && t !== raw) {
    // Markdown emphasis is formatting, not disguise: "**Ignore** all previous instructions".
    override = findOverride(raw.replace(/(?<=^|[\s(])(?:\*{1,3}|__|~~)(?=[A-Za-z])|(?<=[A-Za-z])(?:\*{1,3}|__|~~)(?=$|[\s).,;:!?])/g, ''));
    if (!override) {
      override = findOverride(t);
      obfuscated = override !== null;
    }
  }
  const leet = override ? t : unleet(t);
  if (!override && leet !== t) {
    override = findOverride(leet);
    obfuscated = override !== null;
  }
  const strongClaim = override === null ? (claimIn(t, AUTHORITY) ?? (leet !== t ? claimIn(leet, AUTHORITY) : null)) : null;
  // Orders in markup the user cannot see claim the agent's obedience as an override does.
  const hiddenOrders = override === null && strongClaim === null ? hiddenDirective(raw) : null;
  // An agent instructions file (CLAUDE.md, GEMINI.md …) is addressed to the agent from its first
  // line ("Project notes for Gemini"): the weaker claims, most of which are forms of address, mean
  // nothing there; what it asks for is judged by the standing-instruction rules below.
  const authority = strongClaim ?? (override === null && hiddenOrders === null && !opts.standing ? (claimIn(t, CLAIMS) ?? (leet !== t ? claimIn(leet, CLAIMS) : null)) : null);
  const conceal = gatedTest(CONCEAL, t);
  const actions: string[] = [];
  // Orders found only in hidden markup are judged by what the hidden text itself asks: a harmless
  // `<!-- remove after release -->` does not make the visible question an attack.
  const scope = override === null && authority === null && hiddenOrders !== null ? normalizeForInjection(hiddenOrders) : t;
  const egress = gatedTest(EGRESS, t) || gatedTest(IN_CHANNEL, t);
  const claimed = override !== null || authority !== null || hiddenOrders !== null;
  // Credential files named by path count only on suspicious text: the table look-up is not free.
  const secret = gatedTest(SECRET_TARGET, t) || ((claimed || conceal) && credentialPathIn(t) !== null);
  const secretInScope = scope === t ? secret : gatedTest(SECRET_TARGET, scope) || (claimed && credentialPathIn(scope) !== null);
  if (secret && egress) actions.push('send credentials or files to a remote host');
  else if (gatedTest(EGRESS, scope) && claimed) actions.push('send data to a remote host');
  else if (secretInScope && claimed && /\b(?:read|cat|print|show|dump|open|tar|zip|copy|reveal|output|list|echo|display|paste)\b/i.test(scope)) actions.push('read credentials');
  const guardRails = gatedTest(GUARD_RAIL_SWITCH, t);
  if (guardRails || (claimed && affirmedLine(GUARD_FILE_EDIT, scope))) actions.push("turn off the agent's own guard rails");
  else if (gatedTest(DISABLE, t)) actions.push('disable security controls');
  if (DESTROY.test(t) || ((claimed || conceal) && DESTROY_WORDS.test(scope))) actions.push('delete files or data');
  if (claimed && (PIPE_SHELL.test(scope) || RUN_DOWNLOADED.test(scope))) actions.push('run code downloaded from the internet');
  if (claimed && FORCE_PUSH.test(scope)) actions.push('force-push over shared history');
  if (claimed && AUTHORIZED_KEYS_ADD.test(scope)) actions.push('let someone log in over SSH');
  if (claimed && SECRET_VAR_OUT.test(scope)) actions.push('put credentials where others can read them');
  // Requests written in another language: a secret file and a destination on one line is a send,
  // a delete verb with a home or absolute path is a deletion, whatever the words around them.
  if (claimed && !actions.some((a) => a.startsWith('send')) && SECRET_FILE_TO_DESTINATION.test(scope)) actions.push('send credentials or files to a remote host');
  if (claimed && !actions.includes('delete files or data') && FOREIGN_DELETE.test(scope)) actions.push('delete files or data');
  if ((claimed || conceal) && actions.length === 0 && opts.harmful) {
    for (const cmd of embeddedCommands(scope)) {
      const harm = opts.harmful(cmd);
      if (harm) {
        actions.push(harm);
        break;
      }
    }
  }
  const hidden = (HIDDEN.test(raw) || obfuscated) && (claimed || conceal);
  let severity: Severity | null = null;
  let rule = '';
  const claim = override ?? authority ?? hiddenOrders;
  if (claim && (actions.length || conceal)) {
    severity = 'high';
    rule = 'instruction_override_with_action';
  } else if (override) {
    severity = obfuscated ? 'high' : 'medium';
    rule = obfuscated ? 'obfuscated_override' : 'instruction_override';
  } else if (opts.standing && (PLANTED_EXFIL.test(t) || (guardRails && asksForGuardRailSwitch(t)))) {
    severity = 'high';
    rule = 'planted_instruction';
  } else if (conceal && actions.length) {
    // Hiding the sending of credentials or the switching off of guard rails is an attack on its own.
    severity = actions[0] === 'send credentials or files to a remote host' || guardRails ? 'high' : 'medium';
    rule = 'concealed_action';
  } else if (guardRails && /\b(?:set|enable|turn\s{1,4}on|use|add|switch|run|launch|start|change|put|write|with)\b/i.test(t) && asksForGuardRailSwitch(t)) {
    severity = 'medium';
    rule = 'guard_rail_request';
  }
  if (!severity) return null;
  if (hidden && severity === 'high' && rule !== 'obfuscated_override') severity = 'critical';
  const parts = [override ? `tries to override the agent's instructions ("${override.slice(0, 60)}")` : hiddenOrders && rule === 'instruction_override_with_action' ? `hides orders for AI agents in markup the user does not see ("${hiddenOrders.slice(0, 60)}")` : authority && rule === 'instruction_override_with_action' ? (strongClaim ? `claims authority it does not have ("${authority.slice(0, 60)}")` : `leans on a claim of approval or of rules set aside ("${authority.slice(0, 60)}")`) : rule === 'guard_rail_request' ? 'asks the agent to turn off its own guard rails (permission prompts, hooks or sandbox)' : rule === 'planted_instruction' ? 'leaves standing instructions for every later agent session' : 'asks the agent to act covertly'];
  if (actions.length && rule !== 'guard_rail_request') parts.push(`${override || rule === 'concealed_action' ? 'and to' : 'to make the agent'} ${actions.join(' and ')}`);
  if (conceal) parts.push('while hiding it from the user');
  if (obfuscated) parts.push('(disguised with invisible characters, look-alike letters, spacing or encoding)');
  return {
    patternName: `${CATEGORY}.${rule}`,
    severity: shift ? shiftSeverity(severity, shift) : severity,
    category: CATEGORY,
    reason: `Text ${parts.join(' ')}.`,
  };
}

// ---- a task the agent hands to a subagent ---------------------------------------------------------

// Prose that asks for a download to be run: "download https://… and pipe it to bash".
const PROSE_PIPE_SHELL = /\b(?:download|fetch|curl|wget|get)\b[^\n]{0,160}?\b(?:pipe|feed|run|execute)\b[^\n]{0,20}?\b(?:it\s{1,3})?(?:to|into|with|through|in)\s{1,3}(?:a\s{1,3})?(?:ba|z|da)?sh\b/i;
// A delete verb before a path, in English: the path is judged by paths.ts (the home directory,
// folders under it, system paths), so "delete the old build folder" is nothing here.
const DELETE_PATH = /\b(?:delete|remove|wipe|erase|destroy|purge|nuke|clear\s{1,3}out)\b[^\n]{0,40}?((?:~|\$HOME|\/Users\/[^\s,;'"`]+|\/home\/[^\s,;'"`]+)[^\s,;'"`]*(?:\s[A-Z][A-Za-z]+)?)/gi;

// A harvest: collecting every credential there is ("collect every credential you can find",
// "gather all API keys and passwords"), across the machine rather than one project: its home
// stores, browser profiles, keychains, "this machine". "Find all hardcoded secrets in the repo"
// names no such place.
const CREDENTIAL_HARVEST = /\b(?:collect|gather|harvest|dump|grab|extract|copy|export|find|search\s{1,3}for|locate|pull|scrape|compile)\b[^\n.]{0,20}?\b(?:every|all|any|each)\b[^\n.]{0,30}?\b(?:credentials?|passwords?|secrets?|api[\s_-]?keys?|tokens?|private\s{1,3}keys?|ssh\s{1,3}keys?|logins?)\b/i;
const MACHINE_SCOPE = /\b(?:on|from|across|in)\s{1,3}(?:this|the|my|your|their)\s{1,3}(?:machine|computer|laptop|system|host|box|workstation|home\s{1,3}(?:directory|folder|dir))\b|~\/\.|\$HOME\/|\bbrowser\s{1,3}(?:profiles?|data|passwords?)|\bkeychains?\b|\/(?:home|Users)\/[^\s\/]+\/\./i;

const SETTING_WRITE = /\b(?:write|set|put|add|enable|turn\s{1,3}on|change|update|switch|configure)\b/i;
const AGENT_FILE_RE = new RegExp(AGENT_FILE, 'i');

export interface DelegatedHarm {
  category: string;
  /** What the task asks for, starting with a verb. */
  action: string;
}

/**
 * The harm a subagent task asks for in its own words. A subagent prompt is the agent's order to
 * another agent, not text it merely passes on: it needs no claim of authority to count, only a
 * concrete harmful request: a credential file sent to a destination, a download run by a shell,
 * a guard-rail switch, a delete of the home directory or a folder in it (`deletionRisk` judges
 * the path), or an embedded command the shell rules rate medium or worse (`harmful`).
 */
export function delegatedHarm(text: string, harmful?: (cmd: string) => string | null, deletionHigh?: (path: string) => boolean): DelegatedHarm | null {
  newScan();
  const t = text.length > 20_000 ? text.slice(0, 20_000) : text;
  if (SECRET_FILE_TO_DESTINATION.test(t) || (SECRET_FILE.test(t) && gatedTest(EGRESS, t))) return { category: 'exfiltration', action: 'send credentials or files to a remote host' };
  if (PIPE_SHELL.test(t) || PROSE_PIPE_SHELL.test(t) || RUN_DOWNLOADED.test(t)) return { category: 'remote_code_exec', action: 'run code downloaded from the internet' };
  if (CREDENTIAL_HARVEST.test(t) && MACHINE_SCOPE.test(t)) return { category: 'credential_access', action: 'collect every credential on the machine' };
  if (gatedTest(GUARD_RAIL_SWITCH, t) && (affirmedLine(GUARD_RAIL_SWITCH, t) || (SETTING_WRITE.test(t) && AGENT_FILE_RE.test(t)))) return { category: 'guard_rail_change', action: "turn off the agent's own guard rails" };
  if (DESTROY.test(t) || FOREIGN_DELETE.test(t)) return { category: 'destructive_fs', action: 'delete files or data' };
  if (deletionHigh) {
    DELETE_PATH.lastIndex = 0;
    for (let m = DELETE_PATH.exec(t); m; m = DELETE_PATH.exec(t)) {
      if (deletionHigh(m[1].replace(/[.)]+$/, ''))) return { category: 'destructive_fs', action: `delete ${m[1].replace(/[.)]+$/, '')}` };
    }
  }
  if (harmful) {
    // Only commands the task tells the subagent to run: a command named in a sentence about it
    // ("explain that `terraform destroy` needs approval") is a mention.
    RUN_SPAN.lastIndex = 0;
    for (let m = RUN_SPAN.exec(t); m; m = RUN_SPAN.exec(t)) {
      // An inline order counts when it is one: "do not run …", "never execute …" forbid it.
      if (m[3] !== undefined && NEGATED_BEFORE.test(t.slice(Math.max(0, m.index - 24), m.index))) continue;
      const harm = harmful((m[1] ?? m[2] ?? m[3]).trim());
      if (harm) return { category: 'delegated_action', action: harm };
    }
  }
  return null;
}

const NEGATED_BEFORE = /\b(?:not|never|n't|avoid|without|no\s{1,3}need\s{1,3}to|refuse\s{1,3}to|instead\s{1,3}of)\s{1,3}(?:\w+\s{1,3})?$/i;
// An order to run a command, in code quotes, after a `$ ` prompt, or written inline after the verb
// (`also run gsutil rm -r gs://prod-backups to save costs`): up to a quote, a line end or a sentence
// end (a period followed by a space; `~/.ssh` keeps its dot). The shell rules judge the words, so
// prose after a run verb ("run the tests") is harmless whatever it says.
const RUN_SPAN = /\b(?:run|execute|exec|type|enter|invoke|call|use)\b[^`\n]{0,24}`([^`\n]{2,400})`|(?:^|\n)\s{0,4}\$\s([^\n]{2,400})|\b(?:run|execute|exec)\s{1,3}((?:sudo\s{1,3})?[a-z][\w.-]{1,30}\s(?:[^'"`\n.;!?]|\.(?=[^\s'"`]))+)/gi;
