Feature: Generate images
  The editor asks a provider that can make images for pictures from a prompt.

  Background:
    Given a provider "painter" with the default model "paint-1" that can make images

  Scenario: Images come back with the model and prompt
    When the user asks "painter" for 2 images of "a lighthouse at dusk"
    Then 2 images come back
    And the image metadata names the model "paint-1" and the prompt "a lighthouse at dusk"
    And usage is recorded for "painter" as "completed"

  Scenario: A transient failure is retried
    Given "painter" fails with status 503 once before painting
    When the user asks "painter" for 1 images of "a cat"
    Then 1 images come back
    And the gateway waited 1 times, each longer than the one before

  Scenario: A provider without images is refused
    Given a provider "writer" with the default model "writer-large"
    When the user asks "writer" for 1 images of "a cat"
    Then the request fails with "INPUT.INVALID"

  Scenario: An unknown provider is refused
    When the user asks "nobody" for 1 images of "a cat"
    Then the request fails with "AI.PROVIDER_UNKNOWN"
