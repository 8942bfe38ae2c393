Feature: Authenticate the AI client
  The editor proves it may use the gateway with a client key (a UUID),
  optionally from an allowed page, and the embedder may have the last word.

  Scenario Outline: The key's format decides first
    When a client presents the key "<key>"
    Then the client is <outcome>

    Examples:
      | key                                   | outcome                    |
      | 6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f  | let in                     |
      | 6F1C2D3E-4A5B-4C6D-8E9F-0A1B2C3D4E5F  | let in                     |
      |                                       | refused with "AUTH.UNAUTHENTICATED" |
      | 6f1c2d3e4a5b4c6d8e9f0a1b2c3d4e5f      | refused with "AUTH.UNAUTHENTICATED" |
      | 6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5g  | refused with "AUTH.UNAUTHENTICATED" |
      | {6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f} | refused with "AUTH.UNAUTHENTICATED" |

  Scenario: Only listed keys pass when there is a list
    Given the accepted keys are "11111111-1111-1111-1111-111111111111"
    When a client presents the key "11111111-1111-1111-1111-111111111111"
    Then the client is let in
    When a client presents the key "22222222-2222-2222-2222-222222222222"
    Then the client is refused with "AUTH.UNAUTHENTICATED"

  Scenario Outline: Referers limit where requests may come from
    Given requests must come from "https://app.example.com/editor" or "/^https:\/\/[a-z]+\.example\.org$/"
    When a client presents a valid key from "<referer>"
    Then the client is <outcome>

    Examples:
      | referer                               | outcome                      |
      | https://app.example.com/editor/page   | let in                       |
      | https://docs.example.org              | let in                       |
      | https://app.example.com/other         | refused with "AUTH.FORBIDDEN" |
      | https://app.example.com.evil.net/editor | refused with "AUTH.FORBIDDEN" |
      |                                       | refused with "AUTH.FORBIDDEN" |

  Scenario: The embedder's check names the user or refuses
    Given the embedder knows the key "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f" as user "ada"
    When a client presents the key "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f"
    Then the client is let in as user "ada"
    When a client presents the key "22222222-2222-2222-2222-222222222222"
    Then the client is refused with "AUTH.UNAUTHENTICATED"
